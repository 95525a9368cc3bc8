/** Leaves the site for another address (a provider's sign-in page): a full navigation. */
export const leaveFor = (url: string): void => {
  window.location.assign(url);
};
