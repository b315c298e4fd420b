import { Component, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** What to show once loading failed; `retry` renders the children again. */
  fallback: (retry: () => void) => ReactNode;
}

/** Catches a failed load inside a tab or dialog so that the rest of the editor keeps working. */
export class LoadBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) return this.props.fallback(() => this.setState({ failed: false }));
    return this.props.children;
  }
}
