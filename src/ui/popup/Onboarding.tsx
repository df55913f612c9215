/** Create a wallet (12 words shown once, two of them confirmed) or import a recovery phrase. */
import { useEffect, useState, type FormEvent } from 'react';
import { call } from '../api/background';
import { errorText } from '../format/errorText';
import { t, uiLocale } from '../i18n/t';

const MIN_PASSWORD = 8;

function PasswordForm({ mnemonic, submitLabel }: { mnemonic: string; submitLabel: string }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < MIN_PASSWORD) return setError(t('onboarding_passwordTooShort', { count: MIN_PASSWORD.toLocaleString(uiLocale()) }));
    if (password !== confirm) return setError(t('onboarding_passwordsDiffer'));
    try {
      await call('createWallet', { mnemonic, password });
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <form onSubmit={submit} className="card">
      <label>
        {t('onboarding_password')}
        <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </label>
      <label>
        {t('onboarding_confirmPassword')}
        <input type="password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
      </label>
      {error && <p className="error" role="alert">{error}</p>}
      <button type="submit">{submitLabel}</button>
    </form>
  );
}

function ImportWallet() {
  const [phrase, setPhrase] = useState('');
  return (
    <>
      <label>
        {t('onboarding_secretPhrase')}
        <textarea rows={3} value={phrase} onChange={(e) => setPhrase(e.target.value)} spellCheck={false} />
      </label>
      <PasswordForm mnemonic={phrase} submitLabel={t('onboarding_importWallet')} />
    </>
  );
}

/** Two word positions the user must type back, proving the phrase was written down. */
const pickPositions = (): [number, number] => {
  const first = Math.floor(Math.random() * 6);
  return [first, 6 + Math.floor(Math.random() * 6)];
};

function CreateWallet() {
  const [phrase, setPhrase] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [positions] = useState(pickPositions);
  const [answers, setAnswers] = useState(['', '']);
  useEffect(() => {
    void call('generatePhrase').then(setPhrase);
  }, []);
  if (!phrase) {
    return <p aria-busy="true">{t('onboarding_generating')}</p>;
  }
  const words = phrase.split(' ');
  if (!saved) {
    return (
      <div className="card">
        <p>{t('onboarding_writeDown')}</p>
        <ol className="phrase" aria-label={t('onboarding_yourPhrase')}>
          {words.map((word, i) => <li key={i}>{word}</li>)}
        </ol>
        <button onClick={() => setSaved(true)}>{t('onboarding_wroteItDown')}</button>
      </div>
    );
  }
  const confirmed = positions.every((p, i) => answers[i].trim().toLowerCase() === words[p]);
  return (
    <>
      <div className="card">
        {positions.map((p, i) => (
          <label key={p}>
            {t('onboarding_wordNumber', { number: (p + 1).toLocaleString(uiLocale()) })}
            <input value={answers[i]} onChange={(e) => setAnswers(answers.map((a, j) => (j === i ? e.target.value : a)))} />
          </label>
        ))}
        {!confirmed && <p className="muted">{t('onboarding_typeToConfirm')}</p>}
      </div>
      {confirmed && <PasswordForm mnemonic={phrase} submitLabel={t('onboarding_createWallet')} />}
    </>
  );
}

export function Onboarding() {
  const [mode, setMode] = useState<'choose' | 'create' | 'import'>('choose');
  return (
    <main>
      <h1>{t('onboarding_welcome')}</h1>
      {mode === 'choose' && (
        <div className="row">
          <button onClick={() => setMode('create')}>{t('onboarding_createNew')}</button>
          <button className="secondary" onClick={() => setMode('import')}>{t('onboarding_importExisting')}</button>
        </div>
      )}
      {mode === 'create' && <CreateWallet />}
      {mode === 'import' && <ImportWallet />}
    </main>
  );
}
