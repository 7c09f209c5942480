//! The promises a store keeps, one trait a concern: [`Games`] (with [`Jobs`] and [`Presence`],
//! what playing needs), [`Accounts`], [`Ratings`], [`Analyses`], [`Seeks`], [`Mail`],
//! [`Tournaments`], [`Push`], [`Learning`] and [`Safety`]. [`Store`] is all of them, what the
//! server holds; a caller names the traits whose methods it calls.

use std::time::Duration;

use async_trait::async_trait;
use tokio::sync::broadcast;

use crate::*;

/// Games: stored whole with their seats and moves, changed only by [`Commit`]s planned on a
/// version, listed for the lobby, and announced to every process ([`StoreEvent`]).
#[async_trait]
pub trait Games: Send + Sync {
    /// Stores a new game with its seats and any moves already played (an uploaded record), and
    /// the computer's job when `computer_due`.
    async fn insert_game(&self, game: GameRow, computer_due: bool) -> Result<(), StoreError>;

    /// The game `id` with its seats and moves as of one moment, if stored.
    async fn load_game(&self, id: &str) -> Result<Option<GameRow>, StoreError>;

    /// The game `id` if it is stored at another version than `than`: `None` when a copy at
    /// version `than` is current (or the game is not stored). One read either way.
    async fn load_game_newer(&self, id: &str, than: i64) -> Result<Option<GameRow>, StoreError>;

    /// Commits one change, if the game is still at the version it was planned on.
    async fn commit(&self, commit: Commit) -> Result<Committed, StoreError>;

    /// The newest games, at most `limit`: with `open_only`, unfinished games with a seat
    /// waiting for someone to join.
    async fn list_games(&self, open_only: bool, limit: usize) -> Result<Vec<Summary>, StoreError>;

    /// Up to `max` games whose deadline is `now` or earlier, the earliest first.
    async fn due_deadlines(&self, now: i64, max: usize) -> Result<Vec<String>, StoreError>;

    /// A receiver of every event from now on.
    fn events(&self) -> broadcast::Receiver<StoreEvent>;
}

/// The computer's due moves: job rows written with the change that made them due, claimed by
/// one process at a time under a lease.
#[async_trait]
pub trait Jobs: Send + Sync {
    /// Claims up to `max` due computer moves nobody holds (or whose holder's lease ran out) for
    /// `owner`, each for `lease`, earliest deadline first (see [`PATIENCE`]). A move that has
    /// waited less than [`AFFINITY`] is left to the process that made the game's last computer
    /// move, if that is not `owner`.
    async fn claim_jobs(
        &self,
        owner: &str,
        lease: Duration,
        max: usize,
    ) -> Result<Vec<Claim>, StoreError>;

    /// How many computer moves are due at `now` and held by no one (the queue the computer
    /// processes work through).
    async fn jobs_waiting(&self, now: i64) -> Result<u64, StoreError>;

    /// Extends `owner`'s lease on `claim`; `false` when the job is no longer theirs or no
    /// longer at that ply (the game moved on: the search is moot).
    async fn renew(&self, claim: &Claim, owner: &str, lease: Duration) -> Result<bool, StoreError>;

    /// Gives up `owner`'s claim, letting anyone take it again after `retry_after`.
    async fn release(
        &self,
        claim: &Claim,
        owner: &str,
        retry_after: Duration,
    ) -> Result<(), StoreError>;
}

/// Who has a game open, kept by each process for its own connections and lapsing with a process
/// that dies.
#[async_trait]
pub trait Presence: Send + Sync {
    /// Records that process `owner` has `sockets` connections showing the player of `seat` in
    /// game `game` (0: none), valid for [`PRESENCE_TTL`] unless renewed; announces
    /// [`StoreEvent::Presence`] when whether the seat is present may have changed.
    async fn set_presence(
        &self,
        game: &str,
        seat: u8,
        owner: &str,
        sockets: u32,
    ) -> Result<(), StoreError>;

    /// Keeps `owner`'s presence valid for [`PRESENCE_TTL`] more, and drops everyone's that has
    /// lapsed (a process that died), announcing each game whose presence changed.
    async fn renew_presence(&self, owner: &str) -> Result<(), StoreError>;

    /// The seats of game `game` whose players have it open now, in order.
    async fn present(&self, game: &str) -> Result<Vec<u8>, StoreError>;
}

/// Analyses of finished games: asked for once, claimed like computer moves, saved as they grow.
#[async_trait]
pub trait Analyses: Send + Sync {
    /// Asks for the analysis of game `game`'s `total` positions, unless it was asked for
    /// already; `true` when this call asked. Announces [`StoreEvent::JobsDue`].
    async fn request_analysis(
        &self,
        game: &str,
        total: usize,
        now: i64,
    ) -> Result<bool, StoreError>;

    /// Claims, for `owner` and `lease`, the oldest analysis not finished that nobody holds; its
    /// game and how many positions are done.
    async fn claim_analysis(
        &self,
        owner: &str,
        lease: Duration,
    ) -> Result<Option<(String, usize)>, StoreError>;

    /// Saves the analysis `owner` holds of game `game`: its entries so far (`entries`: JSON the
    /// store does not read) and how many they are, renewing the lease; `false` when `owner` no
    /// longer holds it.
    async fn save_analysis(
        &self,
        game: &str,
        owner: &str,
        entries: String,
        done: usize,
        lease: Duration,
    ) -> Result<bool, StoreError>;

    /// The analysis of game `game`, if asked for.
    async fn load_analysis(&self, game: &str) -> Result<Option<AnalysisRow>, StoreError>;
}

/// Accounts, their sessions and bots, and the seats that belong to them.
#[async_trait]
pub trait Accounts: Send + Sync {
    /// Stores a new account (a bot's with the digest of its API token); `false` (nothing stored)
    /// when its name is taken, ignoring case.
    async fn create_account(
        &self,
        account: AccountRow,
        bot_token: Option<TokenDigest>,
    ) -> Result<bool, StoreError>;

    /// The bot whose API token has digest `digest`.
    async fn bot_by_token(&self, digest: &TokenDigest) -> Result<Option<AccountRow>, StoreError>;

    /// The names of every bot.
    async fn bots(&self) -> Result<Vec<String>, StoreError>;

    /// The account named `name`, ignoring case; none for a name no account can have (one with a
    /// NUL, which PostgreSQL's text cannot hold: asked for, it is nobody's, not an error).
    async fn account_by_name(&self, name: &str) -> Result<Option<AccountRow>, StoreError>;

    /// Replaces the password hash of account `account` and ends its sessions but `keep`.
    async fn set_password(
        &self,
        account: &str,
        password_hash: &str,
        keep: &TokenDigest,
    ) -> Result<(), StoreError>;

    /// Stores a new session.
    async fn create_session(&self, session: SessionRow) -> Result<(), StoreError>;

    /// The account of the session of digest `digest`, and the session, if it has not ended by
    /// `now` (nor its account been closed or deleted). Read at every request: a role given or
    /// taken, a mute, a closing count at once on every process.
    async fn session(
        &self,
        digest: &TokenDigest,
        now: i64,
    ) -> Result<Option<(AccountRow, SessionRow)>, StoreError>;

    /// Ends the session of digest `digest` (and any that ended by `now`, while at it).
    async fn end_session(&self, digest: &TokenDigest, now: i64) -> Result<(), StoreError>;

    /// The seats that belong to account `account`, as `(game, seat)`, the games last changed
    /// first; at most `limit`.
    async fn account_seats(
        &self,
        account: &str,
        limit: usize,
    ) -> Result<Vec<(String, u8)>, StoreError>;
}

/// Ratings, settled from the results of rated games as they end, and computed again from them
/// on demand.
#[async_trait]
pub trait Ratings: Send + Sync {
    /// Computes every rating again from the stored results of the rated games, in the order
    /// they ended (what settling each as it ended gave); how many games.
    async fn recompute_ratings(&self) -> Result<usize, StoreError>;

    /// Account `account`'s ratings, by pool.
    async fn ratings(&self, account: &str) -> Result<Vec<RatingRow>, StoreError>;

    /// The rating history of account `account` in `pool`: `(unix ms, rating)`, oldest first.
    async fn rating_history(
        &self,
        account: &str,
        pool: &str,
    ) -> Result<Vec<(i64, f64)>, StoreError>;

    /// What rated game `game` did to its players' ratings: each account's rating in the game's
    /// pool before and after it (before its first rated game, where everyone starts); empty for
    /// a game not rated or not settled.
    async fn game_ratings(&self, game: &str) -> Result<Vec<GameRating>, StoreError>;

    /// The best of pool `pool`: `(name, rating)`, best first, at most `limit`.
    async fn leaderboard(
        &self,
        pool: &str,
        limit: usize,
    ) -> Result<Vec<(String, trigonal_ratings::Rating)>, StoreError>;
}

/// Seeks ([`crate::seeks`]): made, listed, taken seat by seat and started as one game however
/// many accept at once, left, and lapsing with a seeker nobody renews. Every change announces
/// [`StoreEvent::Seeks`].
#[async_trait]
pub trait Seeks: Send + Sync {
    /// Stores a new seek (its seeker in its first seat).
    async fn insert_seek(&self, seek: SeekRow) -> Result<(), StoreError>;

    /// The seeks listed at `now`: those open and not lapsed, and those filled not long ago
    /// ([`crate::FILLED_KEPT`]), the oldest first.
    async fn list_seeks(&self, now: i64) -> Result<Vec<SeekRow>, StoreError>;

    /// Gives `taker` a seat in the open seek `id`; when that fills it, stores the game `start`
    /// builds from it (in the same transaction: a seek becomes one game, whoever accepts at
    /// once and wherever).
    async fn take_seek(
        &self,
        id: &str,
        taker: SeekSeat,
        now: i64,
        start: Starter,
    ) -> Result<Taken, StoreError>;

    /// The seeker `seeker` starts their open seek `id` as it is: `start` builds the game from it
    /// (filling the seats nobody took as it likes), stored with a computer move due if its first
    /// mover is the computer. `None` when there is no such open seek of theirs.
    async fn start_seek(
        &self,
        id: &str,
        seeker: &str,
        now: i64,
        start: Starter,
    ) -> Result<Option<(SeekRow, Box<GameRow>)>, StoreError>;

    /// Account `account` leaves the open seek `id`: the seeker cancels it, anyone else frees
    /// their seat.
    async fn leave_seek(&self, id: &str, account: &str, now: i64) -> Result<Left, StoreError>;

    /// Keeps the open seeks of `seekers` for [`crate::SEEK_TTL`] from `now`, and drops every
    /// seek that lapsed by `now`.
    async fn renew_seeks(&self, seekers: &[String], now: i64) -> Result<(), StoreError>;
}

/// E-mail ([`crate::mail`]): addresses confirmed before use, unsubscribing, and the mails to
/// send, each sent by one process at a time and retried until taken.
#[async_trait]
pub trait Mail: Send + Sync {
    /// Gives account `account` the address `address`, not confirmed, the confirmation link's
    /// token digest `check`, mail on, and an unsubscribe token (kept once it has one).
    async fn set_email(
        &self,
        account: &str,
        address: &str,
        check: &TokenDigest,
        unsubscribe: &str,
    ) -> Result<(), StoreError>;

    /// Confirms the address whose link's token has digest `check`: its account, if any.
    async fn verify_email(&self, check: &TokenDigest) -> Result<Option<String>, StoreError>;

    /// Where account `account`'s mail goes, if it gave an address.
    async fn mail_to(&self, account: &str) -> Result<Option<MailTo>, StoreError>;

    /// Keeps the language account `account` reads the site in (a code the caller checked), for
    /// what is sent to it.
    async fn set_language(&self, account: &str, language: &str) -> Result<(), StoreError>;

    /// The language account `account` reads the site in, if it said.
    async fn language(&self, account: &str) -> Result<Option<String>, StoreError>;

    /// Turns mail off for the account whose unsubscribe token is `token`; `false` if none.
    async fn unsubscribe(&self, token: &str) -> Result<bool, StoreError>;

    /// Queues `mail`; `false` (nothing queued) when a mail of its `once_key` was queued before.
    async fn queue_mail(&self, mail: MailRow) -> Result<bool, StoreError>;

    /// Claims up to `max` mails due at `now` that nobody holds, for `owner`, for `lease`.
    async fn claim_mails(
        &self,
        owner: &str,
        lease: Duration,
        now: i64,
        max: usize,
    ) -> Result<Vec<MailRow>, StoreError>;

    /// Records how sending the mail `id` that `owner` holds went, letting it go.
    async fn settle_mail(&self, id: &str, owner: &str, sent: Sent) -> Result<(), StoreError>;
}

/// Tournaments ([`crate::tournaments`]): made, entered, left, and their rounds stored each
/// once, however many processes pair them. Every change announces [`StoreEvent::Tournament`].
#[async_trait]
pub trait Tournaments: Send + Sync {
    /// Stores a new tournament (waiting, with its entrants).
    async fn insert_tournament(&self, tournament: TournamentRow) -> Result<(), StoreError>;

    /// Tournament `id`, with its entrants and tables.
    async fn load_tournament(&self, id: &str) -> Result<Option<TournamentRow>, StoreError>;

    /// The tournaments waiting or running, and those that ended at or after `since`: with their
    /// entrants, without tables; the soonest to start first.
    async fn list_tournaments(&self, since: i64) -> Result<Vec<TournamentRow>, StoreError>;

    /// Enters `entrant` in tournament `id`: while it waits, or while it runs when `late`;
    /// not past its capacity (those who withdrew not counted). One who withdrew comes back.
    async fn enter_tournament(
        &self,
        id: &str,
        entrant: EntrantRow,
        late: bool,
    ) -> Result<Entered, StoreError>;

    /// Entrant `entrant` withdraws from tournament `id`: before the start they are
    /// taken off it; after, marked withdrawn.
    async fn withdraw_from_tournament(
        &self,
        id: &str,
        entrant: &str,
    ) -> Result<Withdrawn, StoreError>;

    /// Stores round `round` of tournament `id` — its tables and their games, together — unless
    /// a table of that round is stored already (`false`: nothing stored). With `start`, the
    /// tournament must be waiting and starts running at that time; else it must be running.
    async fn seat_round(
        &self,
        id: &str,
        round: u32,
        tables: Vec<Seating>,
        start: Option<i64>,
    ) -> Result<bool, StoreError>;

    /// Records the places of table `n` of round `round`, unless recorded already (`false`).
    async fn finish_table(
        &self,
        id: &str,
        round: u32,
        n: u32,
        places: Vec<u8>,
    ) -> Result<bool, StoreError>;

    /// Moves tournament `id` from `from` to `to` at `at` (its start or its end), unless it is
    /// no longer `from` (`false`).
    async fn set_tournament_status(
        &self,
        id: &str,
        from: Status,
        to: Status,
        at: i64,
    ) -> Result<bool, StoreError>;
}

/// Web Push: each account's browsers' subscriptions, and the site's keys.
#[async_trait]
pub trait Push: Send + Sync {
    /// The site's key `name`: the one stored, or, when there is none yet, `made` (stored; of
    /// processes making one at once, the first to store it wins and all get that one).
    async fn site_key(&self, name: &str, made: String) -> Result<String, StoreError>;

    /// Keeps `subscription` (replacing one of the same endpoint).
    async fn add_push(&self, subscription: PushRow) -> Result<(), StoreError>;

    /// Drops the subscription at `endpoint` (only account `account`'s, when given): whether
    /// there was one.
    async fn remove_push(&self, endpoint: &str, account: Option<&str>) -> Result<bool, StoreError>;

    /// Account `account`'s subscriptions, the oldest first.
    async fn pushes_of(&self, account: &str) -> Result<Vec<PushRow>, StoreError>;
}

/// Learning ([`crate::learning`]): lessons finished, and puzzles with their ratings.
#[async_trait]
pub trait Learning: Send + Sync {
    /// Account `account`'s finished lessons, in the order finished.
    async fn lessons_done(&self, account: &str) -> Result<Vec<LessonDone>, StoreError>;

    /// Marks lesson `lesson` of `game` finished by `account` at `now` (kept at its first time):
    /// whether it is new.
    async fn finish_lesson(
        &self,
        account: &str,
        game: &str,
        lesson: &str,
        now: i64,
    ) -> Result<bool, StoreError>;

    /// Stores those of `puzzles` whose ids are not stored yet: how many were new.
    async fn add_puzzles(&self, puzzles: Vec<PuzzleRow>) -> Result<usize, StoreError>;

    /// Puzzle `id`.
    async fn puzzle(&self, id: &str) -> Result<Option<PuzzleRow>, StoreError>;

    /// Up to `limit` puzzles of `game` that `account` (when given) has not attempted, rated
    /// nearest `near`: everyone's, or with `mine`, the account's own mistakes instead (those
    /// not yet solved).
    async fn puzzles_near(
        &self,
        game: &str,
        account: Option<&str>,
        mine: bool,
        near: f64,
        limit: usize,
    ) -> Result<Vec<PuzzleRow>, StoreError>;

    /// Account `account`'s attempts at puzzles, the oldest first.
    async fn puzzle_attempts(&self, account: &str) -> Result<Vec<AttemptRow>, StoreError>;

    /// Account `account`'s puzzle ratings, by game.
    async fn puzzle_ratings(
        &self,
        account: &str,
    ) -> Result<Vec<(String, trigonal_ratings::Rating)>, StoreError>;

    /// Account `account`'s puzzle rating in `game` ([`Rating::START`] before any).
    async fn puzzle_rating(
        &self,
        account: &str,
        game: &str,
    ) -> Result<trigonal_ratings::Rating, StoreError>;

    /// Stores `account`'s first attempt at puzzle `id` (`correct` or not) at `now`, and rates
    /// it: the account's rating in the puzzle's game and the puzzle's, as one Glicko-2 game
    /// ([`trigonal_ratings::puzzle`]), in the same transaction. A second attempt changes
    /// nothing ([`Attempted::Again`]). An attempt at one's own mistake is kept (solved once it
    /// is solved once) but rates nothing.
    async fn attempt_puzzle(
        &self,
        account: &str,
        id: &str,
        correct: bool,
        now: i64,
    ) -> Result<Attempted, StoreError>;

    /// The puzzle of `day` (`YYYY-MM-DD`) for `game`: the one stored, or, when none is yet,
    /// everyone's puzzle number `pick` (modulo their count, ordered by id) stored as that
    /// day's (of processes choosing at once, the first to store wins and all get its choice);
    /// `None` when the game has no puzzles.
    async fn daily_puzzle(
        &self,
        day: &str,
        game: &str,
        pick: u64,
    ) -> Result<Option<PuzzleRow>, StoreError>;
}

/// Trust and safety ([`crate::safety`]): sessions seen and ended one by one, password resets,
/// two-step sign-in, blocks, reports, moderators and their log, and accounts deleted. Each
/// change that touches several tables is one transaction.
#[async_trait]
pub trait Safety: Send + Sync {
    /// The account `id`, unless deleted.
    async fn account_by_id(&self, id: &str) -> Result<Option<AccountRow>, StoreError>;

    /// The names of the accounts `ids` now, in their order: `None` for one deleted or unknown.
    async fn account_names(&self, ids: &[String]) -> Result<Vec<Option<String>>, StoreError>;

    /// The sessions of account `account` that have not ended by `now`, the latest used first.
    async fn sessions_of(&self, account: &str, now: i64) -> Result<Vec<SessionRow>, StoreError>;

    /// Marks the session of digest `digest` used at `now`.
    async fn touch_session(&self, digest: &TokenDigest, now: i64) -> Result<(), StoreError>;

    /// Ends account `account`'s session whose id is `id`: whether there was one.
    async fn end_session_id(&self, account: &str, id: &str) -> Result<bool, StoreError>;

    /// Ends every session of account `account` but the one of digest `keep`: how many.
    async fn end_other_sessions(
        &self,
        account: &str,
        keep: &TokenDigest,
    ) -> Result<usize, StoreError>;

    /// The accounts whose confirmed address is `address` (ignoring case), neither closed nor
    /// deleted.
    async fn accounts_by_email(&self, address: &str) -> Result<Vec<AccountRow>, StoreError>;

    /// Stores `reset` unless `most` resets were made for its account since `since` ([`may_reset`]):
    /// whether it was stored.
    ///
    /// [`may_reset`]: crate::may_reset
    async fn add_reset(&self, reset: ResetRow, most: usize, since: i64)
        -> Result<bool, StoreError>;

    /// The account of the reset of digest `digest`, if it can be used at `now`.
    async fn reset_account(
        &self,
        digest: &TokenDigest,
        now: i64,
    ) -> Result<Option<AccountRow>, StoreError>;

    /// Uses the reset of digest `digest` at `now`, if it can be: the account's password hash
    /// becomes `password_hash`, every session of the account ends and every reset of it goes —
    /// together. The account, when it was done.
    async fn reset_password(
        &self,
        digest: &TokenDigest,
        password_hash: &str,
        now: i64,
    ) -> Result<Option<String>, StoreError>;

    /// Account `account`'s two-step sign-in.
    async fn totp(&self, account: &str) -> Result<TotpRow, StoreError>;

    /// Hands account `account` the secret `secret` to set up (not on until confirmed).
    async fn set_totp_pending(&self, account: &str, secret: &str) -> Result<(), StoreError>;

    /// Turns two-step sign-in on for account `account` with the secret set up, if it is still
    /// `secret`: its code of time step `step` taken, its recovery codes the ones of `recovery`
    /// (digests). Whether it was.
    async fn enable_totp(
        &self,
        account: &str,
        secret: &str,
        step: i64,
        recovery: Vec<TokenDigest>,
    ) -> Result<bool, StoreError>;

    /// Takes account `account`'s code of time step `step`, unless a code of that step or a
    /// later one was taken: whether it was (a code works once).
    async fn take_totp_step(&self, account: &str, step: i64) -> Result<bool, StoreError>;

    /// Uses account `account`'s recovery code of digest `digest`: whether it had it.
    async fn use_recovery_code(
        &self,
        account: &str,
        digest: &TokenDigest,
    ) -> Result<bool, StoreError>;

    /// Turns two-step sign-in off for account `account`, its secret and recovery codes gone.
    async fn disable_totp(&self, account: &str) -> Result<(), StoreError>;

    /// `blocker` blocks `blocked` from `now`: whether it is new (announcing
    /// [`StoreEvent::Seeks`]: the seeks either is shown change).
    async fn block(&self, blocker: &str, blocked: &str, now: i64) -> Result<bool, StoreError>;

    /// `blocker` unblocks `blocked`: whether they had blocked them (announcing
    /// [`StoreEvent::Seeks`] when they had).
    async fn unblock(&self, blocker: &str, blocked: &str) -> Result<bool, StoreError>;

    /// The accounts `blocker` blocked, the latest first.
    async fn blocks(&self, blocker: &str) -> Result<Vec<BlockRow>, StoreError>;

    /// The accounts in a block with `account`, either way (those it blocked and those that
    /// blocked it).
    async fn blocked_either(&self, account: &str) -> Result<Vec<String>, StoreError>;

    /// Stores `report` unless its reporter made `most` since `since` ([`may_report`]): whether
    /// it was stored.
    ///
    /// [`may_report`]: crate::may_report
    async fn add_report(
        &self,
        report: ReportRow,
        most: usize,
        since: i64,
    ) -> Result<bool, StoreError>;

    /// Report `id`.
    async fn report(&self, id: &str) -> Result<Option<ReportRow>, StoreError>;

    /// The reports, open ones first, then the newest; at most `limit`.
    async fn reports(&self, limit: usize) -> Result<Vec<ReportRow>, StoreError>;

    /// The reports `reporter` made, the oldest first.
    async fn reports_by(&self, reporter: &str) -> Result<Vec<ReportRow>, StoreError>;

    /// Makes account `name` (a name key) a moderator, or (`on` false) not: whether there is such
    /// an account.
    async fn set_moderator(&self, name: &str, on: bool) -> Result<bool, StoreError>;

    /// Carries out a moderator's action and logs it, with what it does to the report it answers,
    /// in one transaction. Closing an account ends its sessions, its open seeks (announcing
    /// [`StoreEvent::Seeks`]) and its tournament entries (announcing each tournament).
    async fn moderate(&self, action: ModAction) -> Result<Moderated, StoreError>;

    /// The moderators' log, the latest first; at most `limit`; only `target`'s when given.
    async fn mod_log(
        &self,
        target: Option<&str>,
        limit: usize,
    ) -> Result<Vec<ModLogRow>, StoreError>;

    /// Deletes account `account` at `now`: its sessions, address, mails, push subscriptions,
    /// blocks (either way), two-step secrets, resets, password hash, ratings and their history,
    /// learning and open seeks go, its tournament entries end, its row is kept with nothing of
    /// the person (its games keep pointing at it), and its name is held back until
    /// `hold_until`. The tournaments whose entries it ended; `None` when there was no such
    /// account.
    async fn delete_account(
        &self,
        account: &str,
        now: i64,
        hold_until: i64,
    ) -> Result<Option<Vec<String>>, StoreError>;
}

/// A whole store: every concern, on one database. Cheap to share (`Arc`).
#[async_trait]
pub trait Store:
    Games
    + Jobs
    + Presence
    + Analyses
    + Accounts
    + Ratings
    + Seeks
    + Mail
    + Tournaments
    + Push
    + Learning
    + Safety
{
    /// `"sqlite"` or `"postgresql"`.
    fn kind(&self) -> &'static str;

    /// The schema version of the open database.
    async fn schema_version(&self) -> Result<i64, StoreError>;
}
