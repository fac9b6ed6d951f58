/**
 * Whether the reader's connection asks to save data: Save-Data, or a 2G or 3G connection (the
 * Network Information API; browsers without it say nothing, and the model is loaded). Docusaurus
 * stops prefetching on 2G and Save-Data; Ask AI's 23 MB model is not worth 3G either.
 */
export function savesData(
  connection = (globalThis.navigator as {connection?: NetworkInformation} | undefined)?.connection,
) {
  if (!connection) return false;
  return Boolean(connection.saveData) || /(^|-)(2g|3g)$/.test(connection.effectiveType ?? '');
}

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}
