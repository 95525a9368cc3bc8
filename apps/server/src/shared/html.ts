/** Text placed in HTML as text: the five characters that could open markup become entities. */
export const escapeHtml = (text: string): string =>
  text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
