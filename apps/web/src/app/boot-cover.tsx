/** The cover shown until the app can render; the same markup index.html paints first. */
export const BootCover = () => (
  <div className="boot-cover" role="status" aria-busy="true">
    <div className="boot-cover__ring" />
  </div>
);
