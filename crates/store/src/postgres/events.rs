//! The store's events across processes: a connection that LISTENs for the changes other processes
//! commit and hands them to this process's receivers, reconnecting when the database goes away.

use super::*;

/// Keeps a connection that `LISTEN`s, reconnecting with backoff whenever it is lost; after each
/// reconnect, reports `Resync`. Ends when nobody can hear it any more.
pub(super) async fn listen(
    config: tokio_postgres::Config,
    events: broadcast::Sender<StoreEvent>,
    ready: tokio::sync::oneshot::Sender<()>,
) {
    let mut ready = Some(ready);
    let mut first = true;
    let mut backoff = Duration::from_millis(100);
    loop {
        // Nobody can hear it any more: the store is gone.
        if events.receiver_count() == 0 && !first && ready.is_none() {
            return;
        }
        match config.connect(NoTls).await {
            Err(e) => {
                tracing::warn!(error = %e, "the event connection to PostgreSQL failed; retrying");
            }
            Ok((client, mut connection)) => {
                let (tx, mut messages) = tokio::sync::mpsc::unbounded_channel();
                let driver = tokio::spawn(async move {
                    let mut stream =
                        futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
                    while let Some(message) = stream.next().await {
                        if tx.send(message).is_err() {
                            return;
                        }
                    }
                });
                let listening = client
                    .batch_execute(&format!(
                        "LISTEN {CHANGES}; LISTEN {JOBS}; LISTEN {PRESENCE}; LISTEN {SEEKS}; \
                         LISTEN {TOURNAMENTS};"
                    ))
                    .await;
                if let Err(e) = listening {
                    tracing::warn!(error = %e, "LISTEN failed; reconnecting");
                } else {
                    if let Some(ready) = ready.take() {
                        let _ = ready.send(());
                    }
                    if !first {
                        tracing::info!("the event connection to PostgreSQL is back");
                        let _ = events.send(StoreEvent::Resync);
                    }
                    first = false;
                    backoff = Duration::from_millis(100);
                    while let Some(message) = messages.recv().await {
                        match message {
                            Ok(AsyncMessage::Notification(n)) => {
                                let event = if n.channel() == JOBS {
                                    Some(StoreEvent::JobsDue)
                                } else if n.channel() == SEEKS {
                                    Some(StoreEvent::Seeks)
                                } else if n.channel() == TOURNAMENTS {
                                    Some(StoreEvent::Tournament {
                                        id: n.payload().to_string(),
                                    })
                                } else if n.channel() == PRESENCE {
                                    Some(StoreEvent::Presence {
                                        game: n.payload().to_string(),
                                    })
                                } else {
                                    n.payload().rsplit_once(' ').and_then(|(game, ply)| {
                                        Some(StoreEvent::Changed {
                                            game: game.to_string(),
                                            ply: ply.parse().ok()?,
                                        })
                                    })
                                };
                                if let Some(event) = event {
                                    let _ = events.send(event);
                                }
                            }
                            Ok(_) => {}
                            Err(e) => {
                                tracing::warn!(error = %e, "the event connection to PostgreSQL was lost");
                                break;
                            }
                        }
                    }
                }
                driver.abort();
                drop(client);
            }
        }
        tokio::time::sleep(backoff).await;
        backoff = (backoff * 2).min(Duration::from_secs(2));
    }
}
