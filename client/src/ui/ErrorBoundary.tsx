import { Component, type ReactNode } from 'react';
import { ErrorPanel } from './ErrorPanel.tsx';

interface Props {
  children: ReactNode;
  /** Changing it (e.g. the location) clears a caught error. */
  resetKey?: unknown;
  /** What to show instead of the generic error panel; `reset` renders the children again. */
  fallback?: (error: Error, reset: () => void) => ReactNode;
}

interface State {
  error: Error | null;
  resetKey: unknown;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const reset = () => this.setState({ error: null });
    return this.props.fallback ? this.props.fallback(error, reset) : <ErrorPanel message={error.message} onRetry={reset} />;
  }
}
