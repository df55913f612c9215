/**
 * Around every approval screen: a screen that throws (a request it cannot show) must not leave the window blank,
 * because the request would then block the queue. It says what went wrong and still lets the user reject (4001).
 */
import { Component, type ReactNode } from 'react';
import { cleanText } from '../../shared/displayText';
import { t } from '../i18n/t';
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
        <h1>{t('review_cannotShow')}</h1>
        <p>{t('review_cannotShowExplained', { origin: approval.origin })}</p>
        <p className="warning" role="alert" aria-label={t('review_screenError')}>{cleanText(String(error.message), 200)}</p>
        <div className="row">
          <button className="secondary" onClick={() => void reject(approval)}>{t('review_reject')}</button>
        </div>
      </main>
    );
  }
}
