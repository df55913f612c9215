/** Create a wallet (12 words shown once, two of them confirmed) or import a recovery phrase. */
import { useEffect, useState, type FormEvent } from 'react';
import { call } from '../api/background';

const MIN_PASSWORD = 8;

function PasswordForm({ mnemonic, submitLabel }: { mnemonic: string; submitLabel: string }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < MIN_PASSWORD) return setError(`The password needs at least ${MIN_PASSWORD} characters`);
    if (password !== confirm) return setError('The passwords do not match');
    try {
      await call('createWallet', { mnemonic, password });
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <form onSubmit={submit} className="card">
      <label>
        Password
        <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </label>
      <label>
        Confirm password
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
        Secret recovery phrase
        <textarea rows={3} value={phrase} onChange={(e) => setPhrase(e.target.value)} spellCheck={false} />
      </label>
      <PasswordForm mnemonic={phrase} submitLabel="Import wallet" />
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
    return <p aria-busy="true">Generating…</p>;
  }
  const words = phrase.split(' ');
  if (!saved) {
    return (
      <div className="card">
        <p>Write these 12 words down in order. They are the only way to recover your wallet, and they will not be shown again.</p>
        <ol className="phrase" aria-label="Your secret recovery phrase">
          {words.map((word, i) => <li key={i}>{word}</li>)}
        </ol>
        <button onClick={() => setSaved(true)}>I wrote it down</button>
      </div>
    );
  }
  const confirmed = positions.every((p, i) => answers[i].trim().toLowerCase() === words[p]);
  return (
    <>
      <div className="card">
        {positions.map((p, i) => (
          <label key={p}>
            Word #{p + 1}
            <input value={answers[i]} onChange={(e) => setAnswers(answers.map((a, j) => (j === i ? e.target.value : a)))} />
          </label>
        ))}
        {!confirmed && <p className="muted">Type the words to confirm you saved the phrase.</p>}
      </div>
      {confirmed && <PasswordForm mnemonic={phrase} submitLabel="Create wallet" />}
    </>
  );
}

export function Onboarding() {
  const [mode, setMode] = useState<'choose' | 'create' | 'import'>('choose');
  return (
    <main>
      <h1>Welcome to Batch Wallet</h1>
      {mode === 'choose' && (
        <div className="row">
          <button onClick={() => setMode('create')}>Create a new wallet</button>
          <button className="secondary" onClick={() => setMode('import')}>Import an existing wallet</button>
        </div>
      )}
      {mode === 'create' && <CreateWallet />}
      {mode === 'import' && <ImportWallet />}
    </main>
  );
}
