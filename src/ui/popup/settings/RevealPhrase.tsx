/** Shows the recovery phrase once the password is entered again; hidden again when the screen closes. */
import { useState } from 'react';
import { call } from '../../api/background';
import { useSubmit } from '../../components/useSubmit';

export function RevealPhrase() {
  const [password, setPassword] = useState('');
  const [phrase, setPhrase] = useState<string | null>(null);
  const { submit, error, busy } = useSubmit(() => call('revealPhrase', { password }).then((p) => (setPhrase(p), setPassword(''))));
  if (phrase) {
    return (
      <div className="card">
        <p className="warning">Anyone who sees these words can take everything in this wallet.</p>
        <ol className="phrase" aria-label="Your secret recovery phrase">
          {phrase.split(' ').map((word, i) => <li key={i}>{word}</li>)}
        </ol>
        <button type="button" className="secondary" onClick={() => setPhrase(null)}>Hide</button>
      </div>
    );
  }
  return (
    <form className="card" aria-label="Reveal recovery phrase" onSubmit={submit}>
      <label>
        Password
        <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </label>
      {error && <p className="error" role="alert">{error}</p>}
      <button type="submit" disabled={busy || password === ''}>Reveal phrase</button>
    </form>
  );
}
