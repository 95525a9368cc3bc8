/** Copies text to the clipboard; the old selection trick where the Clipboard API is missing. */
export const copyText = async (text: string): Promise<boolean> => {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    try {
      // Deprecated, yet the only way left where the Clipboard API is refused (plain http).
      // eslint-disable-next-line @typescript-eslint/no-deprecated
      return document.execCommand('copy');
    } finally {
      area.remove();
    }
  }
};
