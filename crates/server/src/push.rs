//! Web Push: a notice to a person's browsers when they are not looking — their turn in a game by
//! correspondence, a tournament starting. Each browser subscribes through its push service and
//! gives us the subscription (`POST /api/me/push`); a notice is encrypted for it (RFC 8291,
//! `aes128gcm`) and signed with the site's VAPID key (RFC 8292) by `web-push-native`, and posted
//! to its push service — only where [`crate::outbound`] allows, with no redirect followed. The key pair is made by the first process that needs one and kept in
//! the store, so every process signs with the same key and browsers' subscriptions outlive
//! restarts. A subscription its push service says is gone (404, 410) is dropped.

use std::sync::Arc;
use std::time::Duration;

use base64ct::{Base64UrlUnpadded, Encoding};
use serde::{Deserialize, Serialize};
use trigonal_store::{now_ms, PushRow, Store};
use web_push_native::jwt_simple::algorithms::{ECDSAP256PublicKeyLike, ES256KeyPair};
use web_push_native::{p256, Auth, WebPushBuilder};

use crate::accounts::SignedIn;
use crate::error::{ApiError, Reason};
use crate::state::AppState;
use crate::words::Said;

/// The longest endpoint taken.
const ENDPOINT: usize = 2048;

/// The site's key pair (read or made when first needed: a server that never pushes writes
/// nothing) and the client that posts to push services.
pub struct Pusher {
    key: tokio::sync::OnceCell<Key>,
    /// Who sends (VAPID's `sub`): the site's address, or a mailto.
    contact: String,
    /// Whether endpoints may be inside the network, over plain `http://` too (a local push
    /// service, in tests).
    inside: bool,
    client: reqwest::Client,
}

/// The site's VAPID key pair.
struct Key {
    pair: ES256KeyPair,
    /// The public key, as browsers take it (`applicationServerKey`): base64url, uncompressed.
    public: String,
}

impl Pusher {
    /// The pusher of a site whose contact is `contact`; `inside`: endpoints on a private
    /// network or this machine allowed, over plain HTTP too.
    pub fn new(contact: String, inside: bool) -> Result<Pusher, String> {
        Ok(Pusher {
            key: tokio::sync::OnceCell::new(),
            contact,
            inside,
            client: crate::outbound::client(inside)?,
        })
    }

    /// The site's key pair: the one the store keeps, made now if it has none.
    async fn key(&self, store: &dyn Store) -> Result<&Key, ApiError> {
        self.key
            .get_or_try_init(|| async {
                let made = Base64UrlUnpadded::encode_string(&ES256KeyPair::generate().to_bytes());
                let kept = store.site_key("vapid", made).await?;
                let pair = Base64UrlUnpadded::decode_vec(&kept)
                    .ok()
                    .and_then(|bytes| ES256KeyPair::from_bytes(&bytes).ok())
                    .ok_or_else(|| {
                        ApiError::Internal("the stored VAPID key cannot be read".into())
                    })?;
                let public = Base64UrlUnpadded::encode_string(
                    &pair.public_key().public_key().to_bytes_uncompressed(),
                );
                Ok(Key { pair, public })
            })
            .await
    }
}

/// The bytes of base64url `text` (browsers may pad it, or not).
fn base64url(text: &str) -> Option<Vec<u8>> {
    Base64UrlUnpadded::decode_vec(text.trim_end_matches('=')).ok()
}

/// `GET /api/push/key`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PushKey {
    key: String,
}

/// A browser's subscription, as `PushSubscription.toJSON()` gives it (what else it says, such
/// as `expirationTime`, is not kept).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct Subscription {
    /// The push service's URL.
    pub endpoint: String,
    /// Its keys.
    pub keys: SubscriptionKeys,
}

/// A subscription's keys, base64url.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SubscriptionKeys {
    /// The browser's public key.
    pub p256dh: String,
    /// Its authentication secret (16 bytes).
    pub auth: String,
}

/// `DELETE /api/me/push`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Unsubscribe {
    /// The subscription's endpoint.
    pub endpoint: String,
}

fn pusher(state: &AppState) -> Result<&Arc<Pusher>, ApiError> {
    state.pusher.as_ref().ok_or_else(|| {
        ApiError::Conflict(Reason::new(
            "push-off",
            "this server sends no push notifications",
        ))
    })
}

/// The site's public key for browsers to subscribe with.
pub async fn key(state: &AppState) -> Result<PushKey, ApiError> {
    let key = pusher(state)?.key(&*state.store).await?;
    Ok(PushKey {
        key: key.public.clone(),
    })
}

fn bad_subscription(why: &str) -> ApiError {
    ApiError::BadRequest(Reason::new(
        "push-subscription",
        format!("not a push subscription: {why}"),
    ))
}

/// Keeps `subscription` for `signed_in`'s browser.
pub async fn subscribe(
    state: &AppState,
    signed_in: &SignedIn,
    subscription: Subscription,
) -> Result<(), ApiError> {
    let pusher = pusher(state)?;
    let endpoint = subscription.endpoint;
    if endpoint.len() > ENDPOINT {
        return Err(bad_subscription("its endpoint is too long"));
    }
    crate::outbound::check(&endpoint, pusher.inside).map_err(|why| {
        ApiError::BadRequest(Reason::new(
            "push-endpoint",
            format!("this push endpoint cannot be used: {why}"),
        ))
    })?;
    base64url(&subscription.keys.p256dh)
        .and_then(|k| p256::PublicKey::from_sec1_bytes(&k).ok())
        .ok_or_else(|| bad_subscription("its p256dh is not a P-256 public key"))?;
    if base64url(&subscription.keys.auth).map(|a| a.len()) != Some(16) {
        return Err(bad_subscription("its auth is not 16 bytes"));
    }
    state
        .store
        .add_push(PushRow {
            endpoint,
            account: signed_in.account.id.clone(),
            p256dh: subscription.keys.p256dh,
            auth: subscription.keys.auth,
            created: now_ms(),
        })
        .await?;
    Ok(())
}

/// Forgets `signed_in`'s subscription at `endpoint`.
pub async fn unsubscribe(
    state: &AppState,
    signed_in: &SignedIn,
    endpoint: &str,
) -> Result<(), ApiError> {
    if state
        .store
        .remove_push(endpoint, Some(&signed_in.account.id))
        .await?
    {
        Ok(())
    } else {
        Err(ApiError::NotFound(Reason::new(
            "no-push",
            "this browser is not subscribed",
        )))
    }
}

/// What a notification says, and where a click on it goes.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Notice {
    /// Its title.
    pub title: String,
    /// Its text.
    pub body: String,
    /// The page it opens (a path of the site).
    pub url: String,
    /// Notices of one tag replace each other on a device.
    pub tag: String,
}

/// A notice to be written in its reader's language ([`crate::words`]).
pub struct Tell {
    /// Its title.
    pub title: Said,
    /// Its text.
    pub body: Said,
    /// The page it opens (a path of the site).
    pub url: String,
    /// Notices of one tag replace each other on a device.
    pub tag: String,
}

/// Sends `tell` to every browser of `account`, in the account's language — off the caller's
/// path: what the push services answer is logged, a subscription they say is gone is dropped.
pub fn notify(state: &AppState, account: &str, tell: Tell) {
    let Some(pusher) = state.pusher.clone() else {
        return;
    };
    let (state, account) = (state.clone(), account.to_string());
    tokio::spawn(async move {
        let store = state.store.clone();
        let subscriptions = match store.pushes_of(&account).await {
            Ok(s) => s,
            Err(e) => {
                tracing::warn!(error = %e, "push subscriptions could not be read");
                return;
            }
        };
        if subscriptions.is_empty() {
            return;
        }
        let key = match pusher.key(&*store).await {
            Ok(key) => key,
            Err(e) => {
                tracing::warn!(error = %e, "the site's push key could not be read");
                return;
            }
        };
        let language = crate::words::of_account(&state, &account).await;
        let notice = Notice {
            title: tell.title.in_language(&language),
            body: tell.body.in_language(&language),
            url: tell.url,
            tag: tell.tag,
        };
        let payload = serde_json::to_vec(&notice).expect("a notice is JSON");
        for s in subscriptions {
            match send(&pusher, key, &s, payload.clone()).await {
                Ok(()) => {
                    metrics::counter!(crate::observe::PUSHES, "outcome" => "sent").increment(1)
                }
                Err(Gone) => {
                    metrics::counter!(crate::observe::PUSHES, "outcome" => "gone").increment(1);
                    let _ = store.remove_push(&s.endpoint, None).await;
                }
            }
        }
    });
}

/// A subscription its push service no longer knows.
struct Gone;

/// Posts `payload` to subscription `s`: `Err(Gone)` when its push service says it is gone
/// (other failures are logged: the notice is lost, the subscription kept).
async fn send(pusher: &Pusher, key: &Key, s: &PushRow, payload: Vec<u8>) -> Result<(), Gone> {
    // Checked when given; again here, where the flags may have changed since.
    if let Err(why) = crate::outbound::check(&s.endpoint, pusher.inside) {
        tracing::warn!(endpoint = %s.endpoint, %why, "a subscription's endpoint is closed; dropped");
        return Err(Gone);
    }
    let built = (|| {
        let endpoint: axum::http::Uri = s.endpoint.parse().ok()?;
        let public = p256::PublicKey::from_sec1_bytes(&base64url(&s.p256dh)?).ok()?;
        let auth = Auth::clone_from_slice(&base64url(&s.auth)?);
        WebPushBuilder::new(endpoint, public, auth)
            .with_valid_duration(Duration::from_secs(86_400))
            .with_vapid(&key.pair, &pusher.contact)
            .build(payload)
            .ok()
    })();
    let Some(request) = built else {
        tracing::warn!(endpoint = %s.endpoint, "a push could not be made for a subscription");
        return Err(Gone);
    };
    let (parts, body) = request.into_parts();
    let mut out = pusher.client.post(parts.uri.to_string()).body(body);
    for (name, value) in &parts.headers {
        out = out.header(name, value);
    }
    match out.send().await {
        Ok(r) if r.status().is_success() => Ok(()),
        Ok(r) if matches!(r.status().as_u16(), 404 | 410) => Err(Gone),
        Ok(r) => {
            tracing::warn!(status = %r.status(), endpoint = %s.endpoint, "a push service refused a push");
            Ok(())
        }
        Err(e) => {
            tracing::warn!(error = %e, endpoint = %s.endpoint, "a push service could not be reached");
            Ok(())
        }
    }
}
