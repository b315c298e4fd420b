import { Card, Text } from '@chakra-ui/react';

export type StatTone = 'positive' | 'negative' | 'neutral';

const TONE_COLORS: Record<StatTone, string> = { positive: 'green.fg', negative: 'red.fg', neutral: 'fg.muted' };

/** A figure on a card: what it counts, the value, and an optional note (a change, coloured by its sign). */
export function StatCard({ label, value, note, tone = 'neutral' }: { label: string; value: string; note?: string; tone?: StatTone }) {
  return (
    <Card.Root>
      <Card.Body gap="1">
        <Text fontSize="sm" color="fg.muted">
          {label}
        </Text>
        <Text fontSize="3xl" fontWeight="bold" overflowWrap="anywhere">
          {value}
        </Text>
        {note && (
          <Text fontSize="sm" color={TONE_COLORS[tone]} data-tone={tone}>
            {note}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
