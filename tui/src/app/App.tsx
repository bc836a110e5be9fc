/**
 * The program's root: the sign-in until there is a session, then the inbox. The language follows
 * language.ts (--lang, ATENDE_LANGUAGE, the user's own, the terminal's locale) and changes live
 * with the user's. Notices (errors, confirmations) live here so that the reason a session ended is
 * still shown on the sign-in screen. Ctrl+L and a resize redraw the whole screen, wherever the agent is.
 */
import { SUBSCRIPTION_WARNING_DAYS, TOAST_MS, type AuthAnswer, type Language, type User } from '@atende/shared';
import { ApiError } from '@atende/shared/client';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { daysLeft } from '../format/time.js';
import { LoginScreen } from '../screens/LoginScreen.js';
import type { Connection } from '../state/connection.js';
import { describeError } from '../state/errors.js';
import { KeysProvider } from '../ui/keys.js';
import { textsFor, TextsProvider, type Texts } from './i18n.js';
import { Inbox } from './Inbox.js';
import { Redraw } from './Redraw.js';
import { chooseLanguage } from './language.js';
import type { Notice } from './StatusBar.js';

export interface AppProps {
  connection: Connection;
  /** --lang: wins over everything else. */
  language?: Language;
  /** Where ATENDE_LANGUAGE and the locale are read (the process's environment). */
  env?: NodeJS.ProcessEnv;
  /** Rings the terminal bell (the notification rules decide when). */
  bell(): void;
  /** --no-bell: the bell starts muted. */
  muted?: boolean;
  /** Where saved media go. */
  downloadDir: string;
  /** Where the composer's drafts are kept across restarts (memory only without it). */
  draftsFile?: string;
  /** The e-mail the sign-in starts with (the last one used on this server). */
  signInEmail?: string;
}

const SESSION_OVER = ['ERR_UNAUTHENTICATED', 'ERR_SESSION_EXPIRED', 'ERR_REFRESH_TOKEN_INVALID', 'ERR_SUBSCRIPTION_EXPIRED'];
/** The user's fields the inbox shows or decides by; other updates (presence) change nothing here. */
const USER_FIELDS = ['name', 'language', 'profile', 'super', 'queueIds', 'allTicket', 'companyId'] as const;

function subscriptionNotice(texts: Texts, daysLeftToDue: number | null): Notice | null {
  return daysLeftToDue === null ? null : { text: texts.t('auth.subscriptionEndsSoon', { count: daysLeftToDue }), tone: 'info' };
}

function changed(current: User, update: Partial<User>): boolean {
  return USER_FIELDS.some((field) => field in update && JSON.stringify(update[field]) !== JSON.stringify(current[field]));
}

export function App({ connection, language, env = process.env, bell, muted, downloadDir, draftsFile, signInEmail }: AppProps) {
  const [user, setUser] = useState<User | null>(() => connection.api.session.get()?.user ?? null);
  // Back at the sign-in, the e-mail is the one of the session that ended: only the password is asked.
  const [email, setEmail] = useState(signInEmail ?? '');
  const texts = useMemo(() => textsFor(chooseLanguage({ flag: language, env, user: user?.language })), [language, env, user?.language]);
  // A saved session warns like a sign-in does when the subscription ends soon.
  const [notice, setNotice] = useState<Notice | null>(() =>
    subscriptionNotice(texts, user ? daysLeft(user.company?.dueDate, new Date(), SUBSCRIPTION_WARNING_DAYS) : null),
  );
  const latestTexts = useRef(texts);
  latestTexts.current = texts;

  /** The user as the server has it now; the saved session keeps it for the next start. */
  const latestUser = useRef(user);
  latestUser.current = user;

  const signOut = useCallback((text: string) => {
    if (latestUser.current) setEmail(latestUser.current.email);
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

  /** The newest copy of the user seen: an answer asked for before a change must not undo it. */
  const newest = useRef({ userId: '', at: '' });
  const onUser = useCallback(
    (update: Partial<User> & { id: string }) => {
      const current = latestUser.current;
      if (!current || current.id !== update.id) return;
      if (update.updatedAt) {
        if (newest.current.userId === update.id && update.updatedAt < newest.current.at) return;
        newest.current = { userId: update.id, at: update.updatedAt };
      }
      if (!changed(current, update)) return;
      const next = { ...current, ...update, company: update.company ?? current.company };
      latestUser.current = next;
      const session = connection.api.session.get();
      if (session?.user.id === next.id) connection.api.session.set({ ...session, user: next });
      setUser(next);
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
    setNotice(subscriptionNotice(textsFor(chooseLanguage({ flag: language, env, user: answer.user.language })), answer.dueWarningDays ?? null));
  }

  return (
    <TextsProvider texts={texts}>
      <KeysProvider>
        <Redraw />
        {user ? (
          <Inbox
            key={user.id}
            connection={connection}
            user={user}
            notice={notice}
            onNotice={onNotice}
            onError={onError}
            onSignOut={signOut}
            bell={bell}
            muted={muted}
            onUser={onUser}
            downloadDir={downloadDir}
            draftsFile={draftsFile}
          />
        ) : (
          <LoginScreen connection={connection} notice={notice} email={email} onSignedIn={signedIn} />
        )}
      </KeysProvider>
    </TextsProvider>
  );
}
