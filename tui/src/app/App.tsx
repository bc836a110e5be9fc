/**
 * The program's root: the sign-in until there is a session, then the inbox. The language is the
 * --lang flag, else the user's own, else English. Notices (errors, confirmations) live here so
 * that the reason a session ended is still shown on the sign-in screen.
 */
import { DEFAULT_LANGUAGE, SUBSCRIPTION_WARNING_DAYS, TOAST_MS, type AuthAnswer, type Language, type User } from '@atende/shared';
import { ApiError } from '@atende/shared/client';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { daysLeft } from '../format/time.js';
import { LoginScreen } from '../screens/LoginScreen.js';
import type { Connection } from '../state/connection.js';
import { describeError } from '../state/errors.js';
import { KeysProvider } from '../ui/keys.js';
import { textsFor, TextsProvider, type Texts } from './i18n.js';
import { Inbox } from './Inbox.js';
import type { Notice } from './StatusBar.js';

export interface AppProps {
  connection: Connection;
  /** --lang: wins over the user's language. */
  language?: Language;
  /** Rings the terminal bell (the notification rules decide when). */
  bell(): void;
  /** Where saved media go. */
  downloadDir: string;
}

const SESSION_OVER = ['ERR_UNAUTHENTICATED', 'ERR_SESSION_EXPIRED', 'ERR_REFRESH_TOKEN_INVALID', 'ERR_SUBSCRIPTION_EXPIRED'];

function subscriptionNotice(texts: Texts, daysLeftToDue: number | null): Notice | null {
  return daysLeftToDue === null ? null : { text: texts.t('auth.subscriptionEndsSoon', { count: daysLeftToDue }), tone: 'info' };
}

export function App({ connection, language, bell, downloadDir }: AppProps) {
  const [user, setUser] = useState<User | null>(() => connection.api.session.get()?.user ?? null);
  const texts = useMemo(() => textsFor(language ?? user?.language ?? DEFAULT_LANGUAGE), [language, user?.language]);
  // A saved session warns like a sign-in does when the subscription ends soon.
  const [notice, setNotice] = useState<Notice | null>(() =>
    subscriptionNotice(texts, user ? daysLeft(user.company?.dueDate, new Date(), SUBSCRIPTION_WARNING_DAYS) : null),
  );
  const latestTexts = useRef(texts);
  latestTexts.current = texts;

  const signOut = useCallback((text: string) => {
    setUser(null);
    setNotice({ text, tone: 'error' });
  }, []);
  useEffect(
    () =>
      connection.onSessionEnd((reason) => {
        const texts = latestTexts.current;
        signOut(reason.code === 'ERR_SUBSCRIPTION_EXPIRED' ? describeError(texts, reason, connection.server) : texts.t('auth.sessionExpired'));
      }),
    [connection, signOut],
  );

  const onNotice = useCallback((text: string) => setNotice({ text, tone: 'info' }), []);
  const onError = useCallback(
    (error: unknown) => {
      // The call that found the session over: the sign-in screen already says so.
      if (error instanceof ApiError && SESSION_OVER.includes(error.code)) return;
      setNotice({ text: describeError(latestTexts.current, error, connection.server), tone: 'error' });
    },
    [connection],
  );

  // In the inbox a notice is a toast; on the sign-in screen it stays (why the session ended).
  useEffect(() => {
    if (!notice || !user) return;
    const timer = setTimeout(() => setNotice(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [notice, user]);

  function signedIn(answer: AuthAnswer) {
    setUser(answer.user);
    setNotice(subscriptionNotice(textsFor(language ?? answer.user.language ?? DEFAULT_LANGUAGE), answer.dueWarningDays ?? null));
  }

  return (
    <TextsProvider texts={texts}>
      <KeysProvider>
        {user ? (
          <Inbox key={user.id} connection={connection} user={user} notice={notice} onNotice={onNotice} onError={onError} onSignOut={signOut} bell={bell} downloadDir={downloadDir} />
        ) : (
          <LoginScreen connection={connection} notice={notice} onSignedIn={signedIn} />
        )}
      </KeysProvider>
    </TextsProvider>
  );
}
