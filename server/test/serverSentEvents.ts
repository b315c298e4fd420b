/** The events of a whole server-sent events response, each with its parsed JSON data. */
export async function readEvents(response: Response): Promise<{ event: string; data: any }[]> {
  const text = await response.text();
  return text
    .trim()
    .split('\n\n')
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)?.[1] ?? '';
      const data = JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? 'null');
      return { event, data };
    });
}
