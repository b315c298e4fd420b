function channelLuminance(channel: number): number {
  const value = channel / 255;
  return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/**
 * White or black, whichever reads better on a hex background (WCAG relative luminance): one of
 * the two always reaches 4.58:1, above the 4.5:1 text needs.
 */
export function textColorOn(hexColor: string): string {
  const hex = hexColor.length === 4 ? hexColor.replace(/[0-9a-f]/gi, (digit) => digit + digit) : hexColor;
  const [red, green, blue] = [1, 3, 5].map((start) => channelLuminance(parseInt(hex.slice(start, start + 2), 16)));
  const luminance = 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
  // White wins while its contrast (1.05 / (L + 0.05)) beats black's ((L + 0.05) / 0.05).
  return luminance < 0.179 ? '#ffffff' : '#000000';
}
