//! The promises of e-mail, on both stores: an address is confirmed by its link's token once; an
//! unsubscribe token turns mail off; a mail with a key is queued once; due mails are claimed by
//! one holder at a time (two processes at once take different ones), retried when they fail,
//! never again once sent. A browser's push subscription is kept once (again: replaced), and the
//! site's key made once however many processes make it at once.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Barrier;
use trigonal_store::testing::{second, Place};
use trigonal_store::{
    on_both, open, AccountRow, MailRow, MailTo, PushRow, Sent, Store, TokenDigest,
};

async fn ann(store: &Arc<dyn Store>) {
    let row = AccountRow::new("ann".into(), "ann".into(), "x".into(), 1, false);
    assert!(store.create_account(row, None).await.unwrap());
}

fn mail(id: &str, key: Option<&str>, due: i64) -> MailRow {
    MailRow {
        id: id.into(),
        account: "ann".into(),
        once_key: key.map(String::from),
        address: "ann@example.org".into(),
        subject: "s".into(),
        body: "b".into(),
        due,
        attempts: 0,
    }
}

async fn an_address_is_confirmed_once_and_unsubscribing_turns_mail_off(kind: &str) {
    let place = Place::new(kind).await;
    let store = open(&place.db).await.unwrap();
    ann(&store).await;
    assert_eq!(store.mail_to("ann").await.unwrap(), None);
    let check = TokenDigest::of("check");
    store
        .set_email("ann", "ann@example.org", &check, "u1")
        .await
        .unwrap();
    let to = MailTo {
        address: "ann@example.org".into(),
        verified: false,
        on: true,
        unsubscribe: "u1".into(),
    };
    assert_eq!(store.mail_to("ann").await.unwrap(), Some(to.clone()));
    assert_eq!(
        store.verify_email(&TokenDigest::of("other")).await.unwrap(),
        None
    );
    assert_eq!(
        store.verify_email(&check).await.unwrap().as_deref(),
        Some("ann")
    );
    assert_eq!(store.verify_email(&check).await.unwrap(), None, "once");
    assert!(store.mail_to("ann").await.unwrap().unwrap().verified);
    assert!(!store.unsubscribe("nobody's").await.unwrap());
    assert!(store.unsubscribe("u1").await.unwrap());
    assert!(!store.mail_to("ann").await.unwrap().unwrap().on);
    // A new address: not confirmed, mail on again, the unsubscribe token kept.
    store
        .set_email("ann", "ann@example.net", &TokenDigest::of("c2"), "u2")
        .await
        .unwrap();
    let again = store.mail_to("ann").await.unwrap().unwrap();
    assert_eq!(
        (again.verified, again.on, again.unsubscribe.as_str()),
        (false, true, "u1")
    );
}
on_both!(an_address_is_confirmed_once_and_unsubscribing_turns_mail_off);

/// The language an account reads the site in: none until said, then the last said, and kept
/// across a reopening of the store (what its mails and notices are written in).
async fn an_accounts_language_is_kept(kind: &str) {
    let place = Place::new(kind).await;
    let store = open(&place.db).await.unwrap();
    ann(&store).await;
    assert_eq!(store.language("ann").await.unwrap(), None);
    assert_eq!(store.language("nobody").await.unwrap(), None);
    store.set_language("ann", "cs").await.unwrap();
    store.set_language("ann", "uk").await.unwrap();
    store.set_language("nobody", "de").await.unwrap();
    drop(store);
    let store = open(&place.db).await.unwrap();
    assert_eq!(store.language("ann").await.unwrap().as_deref(), Some("uk"));
    assert_eq!(store.language("nobody").await.unwrap(), None);
}
on_both!(an_accounts_language_is_kept);

async fn mails_are_queued_once_a_key_claimed_by_one_and_retried_until_sent(kind: &str) {
    let place = Place::new(kind).await;
    let store = open(&place.db).await.unwrap();
    ann(&store).await;
    assert!(store
        .queue_mail(mail("a", Some("turn/g/ann/1"), 100))
        .await
        .unwrap());
    assert!(!store
        .queue_mail(mail("b", Some("turn/g/ann/1"), 100))
        .await
        .unwrap());
    assert!(store.queue_mail(mail("c", None, 100)).await.unwrap());
    assert!(store.queue_mail(mail("d", None, 100)).await.unwrap());
    assert!(store.queue_mail(mail("later", None, 500)).await.unwrap());
    let lease = Duration::from_secs(60);
    // Two holders at once take different mails; the one due later waits.
    let other = second(kind, &store, &place).await;
    let barrier = Arc::new(Barrier::new(2));
    let claims: Vec<_> = [("p", Arc::clone(&store)), ("q", other)]
        .into_iter()
        .map(|(owner, s)| {
            let barrier = Arc::clone(&barrier);
            tokio::spawn(async move {
                barrier.wait().await;
                s.claim_mails(owner, lease, 200, 2).await.unwrap()
            })
        })
        .collect();
    let mut ids: Vec<String> = Vec::new();
    for c in claims {
        ids.extend(c.await.unwrap().into_iter().map(|m| m.id));
    }
    ids.sort();
    assert_eq!(ids, ["a", "c", "d"]);
    assert!(
        store
            .claim_mails("r", lease, 200, 10)
            .await
            .unwrap()
            .is_empty(),
        "held"
    );
    // Whoever holds "a" fails it: tried again at 300, once more attempted.
    for owner in ["p", "q"] {
        store
            .settle_mail("a", owner, Sent::RetryAt(300))
            .await
            .unwrap();
        store.settle_mail("c", owner, Sent::At(200)).await.unwrap();
        store.settle_mail("d", owner, Sent::At(200)).await.unwrap();
    }
    assert!(store
        .claim_mails("r", lease, 299, 10)
        .await
        .unwrap()
        .is_empty());
    let retried = store.claim_mails("r", lease, 300, 10).await.unwrap();
    assert_eq!(
        retried
            .iter()
            .map(|m| (m.id.as_str(), m.attempts))
            .collect::<Vec<_>>(),
        [("a", 1)]
    );
    store.settle_mail("a", "r", Sent::At(301)).await.unwrap();
    let rest = store.claim_mails("r", lease, 100_000, 10).await.unwrap();
    assert_eq!(
        rest.iter().map(|m| m.id.as_str()).collect::<Vec<_>>(),
        ["later"]
    );
    // A lease that ran out lets another take it.
    let taken = store
        .claim_mails("s", lease, 100_000 + 60_000, 10)
        .await
        .unwrap();
    assert_eq!(taken.len(), 1);
}
on_both!(mails_are_queued_once_a_key_claimed_by_one_and_retried_until_sent);

fn subscription(endpoint: &str, account: &str, created: i64) -> PushRow {
    PushRow {
        endpoint: endpoint.into(),
        account: account.into(),
        p256dh: "BPublic".into(),
        auth: "secret".into(),
        created,
    }
}

async fn push_subscriptions_are_kept_per_browser_and_the_site_key_is_made_once(kind: &str) {
    let place = Place::new(kind).await;
    let a = open(&place.db).await.unwrap();
    let b = second(kind, &a, &place).await;
    ann(&a).await;
    // Eight processes making the key at once all get the one stored first.
    let barrier = Arc::new(Barrier::new(8));
    let tasks: Vec<_> = (0..8)
        .map(|i| {
            let store = Arc::clone(if i % 2 == 0 { &a } else { &b });
            let barrier = Arc::clone(&barrier);
            tokio::spawn(async move {
                barrier.wait().await;
                store.site_key("vapid", format!("key{i}")).await.unwrap()
            })
        })
        .collect();
    let mut keys = Vec::new();
    for t in tasks {
        keys.push(t.await.unwrap());
    }
    assert!(keys.iter().all(|k| *k == keys[0]), "{keys:?}");
    assert_eq!(a.site_key("vapid", "later".into()).await.unwrap(), keys[0]);

    a.add_push(subscription("https://push.test/1", "ann", 5))
        .await
        .unwrap();
    a.add_push(subscription("https://push.test/2", "ann", 3))
        .await
        .unwrap();
    // The same browser subscribing again replaces its subscription.
    let mut again = subscription("https://push.test/1", "ann", 7);
    again.auth = "newer".into();
    b.add_push(again.clone()).await.unwrap();
    assert_eq!(
        a.pushes_of("ann").await.unwrap(),
        [subscription("https://push.test/2", "ann", 3), again]
    );
    assert!(!a
        .remove_push("https://push.test/2", Some("bob"))
        .await
        .unwrap());
    assert!(a
        .remove_push("https://push.test/2", Some("ann"))
        .await
        .unwrap());
    assert!(a.remove_push("https://push.test/1", None).await.unwrap());
    assert!(!a.remove_push("https://push.test/1", None).await.unwrap());
    assert!(a.pushes_of("ann").await.unwrap().is_empty());
}
on_both!(push_subscriptions_are_kept_per_browser_and_the_site_key_is_made_once);
