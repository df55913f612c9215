/**
 * Around every approval screen: a screen that throws (a request it cannot show) must not leave the window blank,
 * because the request would then block the queue. It says what went wrong and still lets the user reject (4001).
 */
import { Component, type ReactNode } from 'react';
import { cleanText } from '../../shared/displayText';
import { reject } from './resolve';

interface Props {
  approval: { id: string; origin: string };
  children: ReactNode;
}

export class ScreenBoundary extends Component<Props, { error?: Error }> {
  state: { error?: Error } = {};

  static getDerivedStateFromError(error: Error): { error: Error } {
    return { error };
  }

  render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    const { approval } = this.props;
    return (
      <main>
        <h1>This request cannot be shown</h1>
        <p>{approval.origin} sent a request this window could not display, so it cannot be approved.</p>
        <p className="warning" role="alert" aria-label="Screen error">{cleanText(String(error.message), 200)}</p>
        <div className="row">
          <button className="secondary" onClick={() => void reject(approval)}>Reject</button>
        </div>
      </main>
    );
  }
}
