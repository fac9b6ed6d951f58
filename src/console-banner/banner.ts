/** The lines of the console banner; pure so it can be unit-tested. */
export function bannerLines(careersUrl: string): string[] {
  return [
    'Nomic Atlas',
    'We build explainable, accessible AI: tools that let anyone see and understand the data behind their models.',
    `Enjoy reading source? We are hiring: ${careersUrl}`,
  ];
}
