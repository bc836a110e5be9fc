/**
 * Sign-in (document 1 sections 4 and 5): e-mail and password (masked), both required; the e-mail
 * starts as the last one used on the server. The answer is kept by the session store (the
 * inbox's own session file in the program).
 */
import type { AuthAnswer } from '@atende/shared';
import { Box, Text, useApp } from 'ink';
import { useReducer, useRef, useState } from 'react';
import { useTexts } from '../app/i18n.js';
import { useTerminalSize } from '../app/useTerminalSize.js';
import { NoticeLine, type Notice } from '../app/StatusBar.js';
import type { Connection } from '../state/connection.js';
import { editorActionFor, editorReducer, emptyEditor, type EditorState } from '../state/editor.js';
import { describeError } from '../state/errors.js';
import { TextField } from '../ui/TextField.js';
import { useKeys } from '../ui/keys.js';

const MASK = '•';
/** The sign-in box's width, narrowed to the terminal when it is smaller. */
const LOGIN_WIDTH = 64;

export interface LoginScreenProps {
  connection: Connection;
  notice: Notice | null;
  /** The e-mail to start with (the last session's): the password is then the field asked. */
  email: string;
  onSignedIn(answer: AuthAnswer): void;
}

interface SignInForm {
  email: EditorState;
  password: EditorState;
  field: 'email' | 'password';
}

export function LoginScreen({ connection, notice, email: lastEmail, onSignedIn }: LoginScreenProps) {
  const texts = useTexts();
  const { t } = texts;
  const { exit } = useApp();
  const { columns } = useTerminalSize();
  // The form lives in a ref the key handler reads and writes at once: Enter right after the last
  // letter (a paste, a fast typist on a busy machine) signs in with every letter, whatever React
  // has drawn by then.
  const form = useRef<SignInForm>({ email: { text: lastEmail, cursor: lastEmail.length }, password: emptyEditor, field: lastEmail ? 'password' : 'email' });
  const [, redraw] = useReducer((count: number) => count + 1, 0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Notice | null>(null);
  const change = (next: Partial<SignInForm>) => {
    form.current = { ...form.current, ...next };
    redraw();
  };

  function submit() {
    const { email, password } = form.current;
    if (!email.text.trim() || !password.text) {
      setError({ text: `${t(email.text.trim() ? 'tui.login.password' : 'tui.login.email')}: ${t('validation.required')}`, tone: 'error' });
      change({ field: email.text.trim() ? 'password' : 'email' });
      return;
    }
    setBusy(true);
    setError(null);
    connection.api.auth.login({ email: email.text.trim(), password: password.text }).then(onSignedIn, (failure: unknown) => {
      setBusy(false);
      setError({ text: describeError(texts, failure, connection.server), tone: 'error' });
    });
  }

  useKeys(
    (input, key) => {
      const { field, password } = form.current;
      if (key.escape) exit();
      else if (key.tab || key.upArrow || key.downArrow) change({ field: field === 'email' ? 'password' : 'email' });
      else if (key.return) {
        if (field === 'email' && !password.text) change({ field: 'password' });
        else submit();
      } else {
        const action = editorActionFor(input, key, false);
        if (action) change({ [field]: editorReducer(form.current[field], action) });
      }
    },
    { isActive: !busy },
  );

  const { email, password, field } = form.current;
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="cyan" paddingX={1} width={Math.min(LOGIN_WIDTH, columns)}>
      <Text bold color="cyan">
        {t('tui.login.title')}
      </Text>
      <Text dimColor>{connection.server}</Text>
      <Box marginTop={1} flexDirection="column">
        <TextField label={t('tui.login.email').padEnd(10)} state={email} focused={field === 'email' && !busy} />
        <TextField label={t('tui.login.password').padEnd(10)} state={password} focused={field === 'password' && !busy} mask={MASK} />
      </Box>
      <Box marginTop={1}>
        {busy ? <Text dimColor>{t('tui.login.signingIn')}</Text> : <NoticeLine notice={error ?? notice} wrap="wrap" />}
      </Box>
      <Text dimColor>{t('tui.login.hint')}</Text>
    </Box>
  );
}
