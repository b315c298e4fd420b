import { useEffect, useState } from 'react';
import { fetchPublicConfig, type PublicConfig } from '../../session/api.ts';

/** The server's public configuration, or null while loading or when it cannot be read. */
export function usePublicConfig(): PublicConfig | null {
  const [config, setConfig] = useState<PublicConfig | null>(null);
  useEffect(() => {
    let current = true;
    fetchPublicConfig().then(
      (loaded) => current && setConfig(loaded),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return config;
}
