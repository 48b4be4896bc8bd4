/** A users-permissions user as the CMS reads it from the database (the query engine leaves rows untyped). */
export interface UserRow {
  id: number;
  documentId: string;
  username: string;
  email: string;
  password?: string | null;
  createdAt: string | Date;
  blocked?: boolean | null;
  /** Moves on sign-out and password change: older tokens stop working (utils/sessions). */
  sessionVersion?: number | null;
  firstName?: string | null;
  lastName?: string | null;
  bio?: string | null;
  /** The linked Telegram account, when there is one. */
  telegramId?: string | null;
  telegramUsername?: string | null;
  /** When populated. */
  role?: { id: number; type?: string; name?: string } | null;
}
