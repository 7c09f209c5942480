//! The schema's history: `migrations/NN-name.sql`, one file a step, numbered in the order the
//! steps were taken. A step both backends take with the same statements is one file; where the
//! dialects differ (SQLite's `INTEGER` and `WITHOUT ROWID`, PostgreSQL's `BIGINT` and sequences)
//! it is `NN-name.sqlite.sql` beside `NN-name.postgres.sql`; a step one backend never needed has
//! only its file. Each backend lists the files it reads in `schema.rs` (SQLite adds one step
//! written in Rust); the tests below hold the lists to the folder, and both backends to one
//! schema.

/// The text of `migrations/<name>.sql`, compiled in.
macro_rules! migration {
    ($name:literal) => {
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/migrations/",
            $name,
            ".sql"
        ))
    };
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use crate::postgres::schema::MIGRATIONS as POSTGRES;
    use crate::sqlite::schema::MIGRATIONS as SQLITE;

    /// The statements of the files `backend` reads (those that are not the other's), in order.
    fn files_for(backend: &str, other: &str) -> Vec<(String, String)> {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/migrations");
        let mut files: Vec<String> = std::fs::read_dir(dir)
            .expect("the migrations folder")
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter(|f| f.ends_with(".sql") && !f.ends_with(&format!(".{other}.sql")))
            .collect();
        files.sort();
        let numbers: Vec<&str> = files.iter().map(|f| &f[..3]).collect();
        assert!(
            numbers
                .iter()
                .all(|n| n.ends_with('-') && n[..2].parse::<u8>().is_ok()),
            "every file is NN-name: {files:?}"
        );
        assert!(
            files
                .iter()
                .all(|f| f.matches('.').count() == 1 || f.contains(&format!(".{backend}."))),
            "{files:?}"
        );
        files
            .into_iter()
            .map(|f| {
                let text = std::fs::read_to_string(format!("{dir}/{f}")).unwrap();
                (f, text)
            })
            .collect()
    }

    #[test]
    fn each_backend_reads_every_file_meant_for_it_in_order_and_nothing_else() {
        let sqlite: Vec<&str> = SQLITE
            .iter()
            .filter_map(|m| match m {
                crate::sqlite::schema::Migration::Sql(sql) => Some(*sql),
                crate::sqlite::schema::Migration::Code(_) => None,
            })
            .collect();
        let files = files_for("sqlite", "postgres");
        assert_eq!(sqlite.len(), files.len(), "{files:?}");
        for (sql, (name, text)) in sqlite.iter().zip(&files) {
            assert_eq!(sql, text, "SQLite's list is out of step at {name}");
        }
        let files = files_for("postgres", "sqlite");
        assert_eq!(POSTGRES.len(), files.len(), "{files:?}");
        for (sql, (name, text)) in POSTGRES.iter().zip(&files) {
            assert_eq!(sql, text, "PostgreSQL's list is out of step at {name}");
        }
        // Each step's file opens with the step's number, which also orders SQLite's versions.
        for (name, text) in files_for("sqlite", "postgres") {
            let n: usize = name[..2].parse().unwrap();
            assert!(text.starts_with(&format!("-- {n}: ")), "{name}");
            let crate::sqlite::schema::Migration::Sql(sql) = SQLITE[n - 1] else {
                panic!("SQLite's version {n} is {name}")
            };
            assert_eq!(sql, text, "SQLite's version {n} is {name}");
        }
    }

    /// `(table, column)` of every column of the schema.
    type Columns = BTreeSet<(String, String)>;

    /// (Indexes may differ: each dialect's own choices for its planner.)
    #[tokio::test]
    async fn both_backends_end_with_the_same_tables_and_columns() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("t.db");
        crate::SqliteStore::open(&file).unwrap();
        let conn = rusqlite::Connection::open(&file).unwrap();
        let sqlite: Columns = conn
            .prepare(
                "SELECT m.name, p.name FROM sqlite_master m, pragma_table_info(m.name) p
                 WHERE m.type = 'table'",
            )
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();

        let url = crate::testing::fresh_pg().await;
        crate::PgStore::open(&url).await.unwrap();
        let (client, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls)
            .await
            .unwrap();
        tokio::spawn(connection);
        let postgres: Columns = client
            .query(
                // Not the table of the schema's version, which SQLite keeps in a pragma.
                "SELECT table_name::text, column_name::text FROM information_schema.columns
                 WHERE table_schema = 'public' AND table_name <> 'trigonal_schema'",
                &[],
            )
            .await
            .unwrap()
            .iter()
            .map(|r| (r.get(0), r.get(1)))
            .collect();
        assert!(sqlite.len() > 60, "{sqlite:?}");
        assert_eq!(sqlite, postgres);
    }
}
