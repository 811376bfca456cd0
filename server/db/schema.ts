import type { ColumnType, Generated } from 'kysely';

// The typed shape of every table (created by migrations/0001_initial.ts).
// Conventions, the same on SQLite and PostgreSQL:
// - timestamps are ISO-8601 UTC text from Date.toISOString() (they sort and compare as text);
// - scheduler instants (question_started_at, question_ends_at, expires_at) are epoch milliseconds;
// - booleans read back as 1/0 on SQLite and true/false on PostgreSQL: read them with toBool() (rows.ts);
//   writes take plain booleans (the SQLite connection turns them into 1/0, see connect.ts);
// - every client-owned row has client_id, created_at, updated_at and version (bumped on each write, the ETag).

/** A boolean column: written as boolean, read as boolean or 1/0 depending on the dialect. */
export type DbBool = ColumnType<boolean | number, boolean | undefined, boolean>;
/** An ISO timestamp column. */
export type Timestamp = string;
/** The optimistic-concurrency counter of a client-owned row. */
export type Version = ColumnType<number, number | undefined, number>;

interface Owned {
  client_id: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Version;
}

export interface ClientTable {
  id: Generated<number>;
  name: string;
  poll_enabled: DbBool;
  social_auth_feature: DbBool;
  business_name: ColumnType<string, string | undefined, string>;
  description: ColumnType<string, string | undefined, string>;
  business_logo: string | null;
  background_image: string | null;
  mascot_logo: string | null;
  recent_participant_time: ColumnType<number, number | undefined, number>;
  viewer_app_url: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Version;
}

export interface UserTable {
  id: Generated<number>;
  client_id: number;
  /** Always stored lower-cased; unique. */
  email: string;
  username: string;
  first_name: ColumnType<string, string | undefined, string>;
  last_name: ColumnType<string, string | undefined, string>;
  password_hash: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AuthTokenTable {
  id: Generated<number>;
  /** sha256 hex of the key handed to the portal; the key itself is never stored. */
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  last_used_at: Timestamp;
}

export interface PasswordResetTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface CategoryTable extends Owned {
  id: Generated<number>;
  name: string;
}

export interface QuestionTable extends Owned {
  id: Generated<number>;
  category_id: number;
  description: string;
  hint: ColumnType<string, string | undefined, string>;
  /** File name under DATA_DIR/uploads, or null. */
  image: string | null;
  /** 'A: text, B: text, C: text, D: text' (the specification's fields). */
  options: string;
  correct_option: string;
}

export type QuizMode = 'AUTO' | 'MANUAL';
export type QuizStatus = 'ANNOUNCED' | 'ACTIVATED' | 'STARTED' | 'RESULT_AWAITED' | 'RESULT_ANNOUNCED' | 'COMPLETED';
export type QuizAuth = 'FORM_BASED' | 'SOCIAL_BASED' | 'BOTH';

export interface QuizTable extends Owned {
  id: Generated<number>;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  mode: QuizMode;
  status: ColumnType<QuizStatus, QuizStatus | undefined, QuizStatus>;
  active: DbBool;
  image: string | null;
  qs_timer: ColumnType<number, number | undefined, number>;
  timer_bw_qs: ColumnType<number, number | undefined, number>;
  before_qs_timer: ColumnType<number, number | undefined, number>;
  question_no: ColumnType<number, number | undefined, number>;
  time_based: DbBool;
  show_count_down: DbBool;
  show_options: DbBool;
  join_code: string;
  quiz_hash: string;
  max_attempt_count: ColumnType<number, number | undefined, number>;
  start_date_time: Timestamp;
  end_date_time: Timestamp;
  sponsor_logo: string | null;
  sponsor_name: ColumnType<string, string | undefined, string>;
  auth_used: ColumnType<QuizAuth, QuizAuth | undefined, QuizAuth>;
  /** Epoch ms when the current question opened (live state), or null. */
  question_started_at: number | null;
  /** Epoch ms when the current question's answering time ends, or null. */
  question_ends_at: number | null;
}

export interface QuizQuestionTable {
  id: Generated<number>;
  quiz_id: number;
  question_id: number;
  /** 0-based order of the question within the quiz. */
  position: number;
}

export interface PollTable extends Owned {
  id: Generated<number>;
  name: string;
  join_code: string;
  /** The admin's name for the poll, unique within its client (migrations/0010_poll_link_key.ts). */
  poll_hash: string;
  /** The key of the poll's public link (`/play/poll/{link_key}`): random, unique across clients. */
  link_key: string;
  qr_image: string | null;
  show_options: DbBool;
  show_total_votes: DbBool;
  active: DbBool;
}

export interface PollChoiceTable extends Owned {
  id: Generated<number>;
  poll_id: number;
  name: string;
  votes: ColumnType<number, number | undefined, number>;
}

export interface ViewerTable extends Owned {
  id: Generated<number>;
  username: string;
  email: ColumnType<string, string | undefined, string>;
  first_name: ColumnType<string, string | undefined, string>;
  last_name: ColumnType<string, string | undefined, string>;
  mobile: ColumnType<string, string | undefined, string>;
}

export interface AttemptTable extends Owned {
  id: Generated<number>;
  viewer_id: number;
  quiz_id: number;
  score: ColumnType<number, number | undefined, number>;
  /** Seconds (fractional). */
  time_taken: ColumnType<number, number | undefined, number>;
  rank: number | null;
  start_date_time: Timestamp;
  status: ColumnType<string, string | undefined, string>;
}

export interface IdempotencyKeyTable {
  id: Generated<number>;
  user_id: number;
  key: string;
  method: string;
  path: string;
  /** Null while the first request with this key is still running. */
  status_code: number | null;
  response_body: string | null;
  /** The request's fingerprint (http/idempotency.ts); null for older keys and for a form not read yet. */
  request_hash: string | null;
  created_at: Timestamp;
}

export interface DeletionTable {
  id: Generated<number>;
  client_id: number;
  /** The table name of the deleted row, e.g. 'categories'. */
  entity: string;
  entity_id: number;
  deleted_at: Timestamp;
}

export interface SchedulerLockTable {
  name: string;
  holder: string;
  /** Epoch ms. */
  expires_at: number;
}

/** How many questions each client has, kept by triggers (migrations/0006_question_counts.ts); read only. */
export interface QuestionCountTable {
  client_id: number;
  count: number;
  /** Moves with every change to the client's questions or category names (migrations/0011_question_bank_version.ts). */
  version: number;
}

/** A participant's token for one attempt (Authorization: Participant <key>); only its sha256 is stored. */
export interface ParticipantTokenTable {
  id: Generated<number>;
  token_hash: string;
  client_id: number;
  viewer_id: number;
  quiz_id: number;
  attempt_id: number;
  created_at: Timestamp;
}

/** A question's answering round (epoch ms): the quiz's (scope 0) or one attempt's own (self-paced). */
export interface RoundTable {
  id: Generated<number>;
  quiz_id: number;
  /** 0 for the quiz's shared round, else the attempt's id. */
  scope: ColumnType<number, number | undefined, number>;
  attempt_id: number | null;
  question_no: number;
  question_id: number;
  opened_at: number;
  answer_opens_at: number;
  closes_at: number | null;
  reveal_at: number | null;
  qs_timer: ColumnType<number, number | undefined, number>;
}

export interface AnswerTable {
  id: Generated<number>;
  client_id: number;
  quiz_id: number;
  attempt_id: number;
  round_id: number;
  question_id: number;
  question_no: number;
  chosen_option: string;
  chosen_at: number;
  received_at: number;
  correct: DbBool;
  points: number;
  seconds: number;
  idempotency_key: string | null;
}

export interface PollVoterTable {
  id: Generated<number>;
  token_hash: string;
  client_id: number;
  poll_id: number;
  created_at: Timestamp;
}

export interface PollVoteTable {
  id: Generated<number>;
  poll_id: number;
  voter_id: number;
  choice_id: number;
  created_at: Timestamp;
}

/** rate-limiter-flexible's counters (http/throttle.ts); expire is epoch ms. */
export interface RateLimitTable {
  key: string;
  points: number;
  expire: number | null;
}

/** A client's OpenID Connect provider for SOCIAL_BASED joins. */
export interface ClientOidcTable {
  client_id: number;
  issuer: string;
  oidc_client_id: string;
  oidc_client_secret: ColumnType<string, string | undefined, string>;
  label: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
}

/** A sign-in in progress: its state, PKCE verifier and nonce (epoch ms expiry). */
export interface OidcLoginTable {
  state: string;
  quiz_id: number;
  code_verifier: string;
  nonce: string;
  expires_at: number;
}

export interface Database {
  clients: ClientTable;
  users: UserTable;
  auth_tokens: AuthTokenTable;
  password_resets: PasswordResetTable;
  categories: CategoryTable;
  questions: QuestionTable;
  quizzes: QuizTable;
  quiz_questions: QuizQuestionTable;
  polls: PollTable;
  poll_choices: PollChoiceTable;
  viewers: ViewerTable;
  attempts: AttemptTable;
  idempotency_keys: IdempotencyKeyTable;
  deletions: DeletionTable;
  scheduler_locks: SchedulerLockTable;
  question_counts: QuestionCountTable;
  participant_tokens: ParticipantTokenTable;
  rounds: RoundTable;
  answers: AnswerTable;
  poll_voters: PollVoterTable;
  poll_votes: PollVoteTable;
  rate_limits: RateLimitTable;
  client_oidc: ClientOidcTable;
  oidc_logins: OidcLoginTable;
}

/** Tables whose rows belong to one client (tenant). */
export type OwnedTable = {
  [K in keyof Database]: Database[K] extends { client_id: number; version: Version } ? K : never;
}[keyof Database];
