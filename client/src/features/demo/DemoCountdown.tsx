import { Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const DEMO_SECONDS = 3600;
const WARNING_SECONDS = 300;

function formatHms(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return [hours, minutes, seconds].map((part) => String(part).padStart(2, '0')).join(':');
}

function secondsLeft(expiresAt: string | null): number {
  if (!expiresAt) return DEMO_SECONDS;
  return Math.max(0, Math.round((new Date(expiresAt).getTime() - Date.now()) / 1000));
}

/** Counts down to the demo's expiry every second; calls onExpired once at 0. */
export function DemoCountdown({ expiresAt, onExpired }: { expiresAt: string | null; onExpired: () => void }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(() => secondsLeft(expiresAt));
  useEffect(() => {
    if (left === 0) {
      onExpired();
      return;
    }
    const timer = setTimeout(() => setLeft((seconds) => Math.max(0, seconds - 1)), 1000);
    return () => clearTimeout(timer);
  }, [left, onExpired]);
  return (
    <Text
      fontFamily="mono"
      fontWeight="bold"
      color={left < WARNING_SECONDS ? 'red.fg' : 'fg'}
      aria-label={t('demo.timeLeft', { time: formatHms(left) })}
      role="timer"
    >
      {formatHms(left)}
    </Text>
  );
}
