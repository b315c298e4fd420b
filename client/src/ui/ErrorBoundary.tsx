import { Component, type ReactNode } from 'react';
import { ErrorPanel } from './ErrorPanel.tsx';

interface Props {
  children: ReactNode;
  /** Changing it (e.g. the location) clears a caught error. */
  resetKey?: unknown;
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
    if (this.state.error) return <ErrorPanel message={this.state.error.message} onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
