//! The PostgreSQL schema: one migration per version, applied in order under an advisory lock.

/// The key of the advisory lock held while migrating (any fixed number; "trigonal" in ASCII).
pub(super) const MIGRATION_LOCK: i64 = 0x0074_7269_676f_6e61;

/// The schema, one migration per version: the files of `migrations/` this backend reads (see
/// [`crate::migrations`]), in the order of their numbers. Its first took in what SQLite's first
/// three do, so its version is the file's number less 2 from the fourth on. Append new
/// migrations; never edit a released one.
pub(crate) const MIGRATIONS: &[&str] = &[
    migration!("01-games.postgres"),
    migration!("04-computer-owner"),
    migration!("05-table-chat-presence.postgres"),
    migration!("06-deadlines.postgres"),
    migration!("07-analyses.postgres"),
    migration!("08-accounts.postgres"),
    migration!("09-seat-owners.postgres"),
    migration!("10-ratings.postgres"),
    migration!("11-bots"),
    migration!("12-seeks"),
    migration!("13-mail"),
    migration!("14-tournaments"),
    migration!("15-push"),
    migration!("16-learning"),
    migration!("17-safety"),
    migration!("18-language"),
];
