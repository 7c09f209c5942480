//! The database thread's loop: requests run in batches, each in its own savepoint, the batch in
//! one transaction, every request answered once that transaction is committed (group commit).

use super::*;

/// The most requests committed together.
pub(super) const MAX_BATCH: usize = 256;

/// What a request does once its batch is committed (or not): answers its caller.
pub(super) type Done = Box<dyn FnOnce(Option<&str>) + Send>;

/// A request to the database thread: runs in its savepoint (or is told why there is none).
pub(super) type Request = Box<dyn for<'a> FnOnce(Result<Savepoint<'a>, String>) -> Done + Send>;

/// The database thread: runs the requests in batches until every [`SqliteStore`] handle is gone.
pub(super) fn run_batches(mut conn: Connection, queue: mpsc::Receiver<Request>) {
    while let Ok(first) = queue.recv() {
        let mut batch = vec![first];
        batch.extend(queue.try_iter().take(MAX_BATCH - 1));
        let mut done = Vec::with_capacity(batch.len());
        match conn.transaction_with_behavior(TransactionBehavior::Immediate) {
            Err(e) => {
                let e = e.to_string();
                for request in batch {
                    done.push(request(Err(e.clone())));
                }
                answer(done, None);
            }
            Ok(mut tx) => {
                for request in batch {
                    let savepoint = tx.savepoint().map_err(|e| e.to_string());
                    // A request that panics is dropped (its caller hears so); the rest go on.
                    if let Ok(d) = catch_unwind(AssertUnwindSafe(|| request(savepoint))) {
                        done.push(d);
                    }
                }
                let committed = tx.commit().map_err(|e| e.to_string());
                if let Err(e) = &committed {
                    tracing::error!(error = %e, "database commit failed");
                }
                answer(done, committed.err().as_deref());
            }
        }
    }
}

pub(super) fn answer(done: Vec<Done>, commit_error: Option<&str>) {
    for d in done {
        d(commit_error);
    }
}
