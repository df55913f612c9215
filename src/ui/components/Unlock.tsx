import { useState, type FormEvent } from 'react';
import { call } from '../api/background';

export function Unlock() {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await call('unlock', { password });
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <main>
      <h1>Unlock</h1>
      <form onSubmit={submit} className="card">
        <label>
          Password
          <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoFocus />
        </label>
        {error && <p className="error" role="alert">{error}</p>}
        <button type="submit">Unlock</button>
      </form>
    </main>
  );
}
