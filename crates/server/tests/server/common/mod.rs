//! A real server on loopback with a real SQLite file, and a small client for it.

#![allow(dead_code)]

use std::time::Duration;

use futures_util::StreamExt;
use serde_json::{json, Value};
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::Message;
use trigonal_server::{Config, Limits, Server};
pub use trigonal_store::testing::Place;

pub struct TestServer {
    pub base: String,
    pub addr: std::net::SocketAddr,
    pub http: reqwest::Client,
    /// Where the games are: a SQLite file or a PostgreSQL URL.
    pub db: String,
    task: JoinHandle<()>,
    _place: Option<Place>,
}

impl Drop for TestServer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl TestServer {
    /// Waits for the server to stop by itself (after its shutdown future completed).
    pub async fn stopped(&mut self) {
        (&mut self.task).await.unwrap();
    }
}

/// Every byte the store holds: the SQLite file and its WAL, or every table of the PostgreSQL
/// database as text.
pub async fn everything_stored(place: &Place) -> Vec<u8> {
    if let Some(dir) = &place.dir {
        let mut bytes = std::fs::read(&place.db).unwrap();
        bytes.extend(std::fs::read(dir.path().join("trigonal.db-wal")).unwrap_or_default());
        return bytes;
    }
    let (client, connection) = tokio_postgres::connect(&place.db, tokio_postgres::NoTls)
        .await
        .unwrap();
    tokio::spawn(connection);
    let mut text = String::new();
    for table in ["games", "seats", "moves", "jobs"] {
        for row in client
            .query(&format!("SELECT t::text FROM {table} t"), &[])
            .await
            .unwrap()
        {
            text.push_str(row.get::<_, &str>(0));
        }
    }
    text.into_bytes()
}

/// A server on a fresh store of `kind`.
pub async fn start(kind: &str) -> TestServer {
    let place = Place::new(kind).await;
    let mut server = start_on(&place.db).await;
    server._place = Some(place);
    server
}

/// A server on a fresh store of `kind`, with `limits`.
pub async fn start_of_kind_with(kind: &str, limits: Limits) -> TestServer {
    let place = Place::new(kind).await;
    let mut server = start_on_with(&place.db, limits).await;
    server._place = Some(place);
    server
}

/// A server on the store `db`, with no limit on new games (tests create many).
pub async fn start_on(db: &str) -> TestServer {
    start_with(db, 0).await
}

/// A server on a fresh store letting each address start `games_per_minute` games a minute.
pub async fn start_limited(kind: &str, games_per_minute: u32) -> TestServer {
    let place = Place::new(kind).await;
    let mut server = start_with(&place.db, games_per_minute).await;
    server._place = Some(place);
    server
}

async fn start_with(db: &str, games_per_minute: u32) -> TestServer {
    start_limited_by(
        db,
        games_per_minute,
        Limits::default(),
        std::future::pending(),
    )
    .await
}

/// A server on a fresh SQLite store with `limits`, that shuts down when `shutdown` completes.
pub async fn start_with_limits(
    limits: Limits,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> TestServer {
    let place = Place::new("sqlite").await;
    let mut server = start_limited_by(&place.db, 0, limits, shutdown).await;
    server._place = Some(place);
    server
}

/// A server on the store `db` with `limits` and no limit on new games.
pub async fn start_on_with(db: &str, limits: Limits) -> TestServer {
    start_limited_by(db, 0, limits, std::future::pending()).await
}

/// A server on the store `db` that sends mail as `mail` says.
pub async fn start_with_mail(db: &str, mail: trigonal_server::MailConfig) -> TestServer {
    start_configured(db, 0, Limits::default(), std::future::pending(), Some(mail)).await
}

async fn start_limited_by(
    db: &str,
    games_per_minute: u32,
    limits: Limits,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> TestServer {
    start_configured(db, games_per_minute, limits, shutdown, None).await
}

async fn start_configured(
    db: &str,
    games_per_minute: u32,
    limits: Limits,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    mail: Option<trigonal_server::MailConfig>,
) -> TestServer {
    start_as(test_config(db, games_per_minute, limits, mail), shutdown).await
}

/// The tests' configuration of a server on the store `db`.
fn test_config(
    db: &str,
    games_per_minute: u32,
    limits: Limits,
    mail: Option<trigonal_server::MailConfig>,
) -> Config {
    Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: db.to_string(),
        games_per_minute,
        computer: 2,
        limits,
        // As behind a proxy on this machine: the tests' X-Forwarded-Proto is believed (the
        // binary's tests try trusted and untrusted peers both).
        trust_proxy: "127.0.0.1".parse().unwrap(),
        metrics_addr: None,
        mail,
        // The tests' push service is a local one, on plain HTTP.
        push: trigonal_server::PushConfig {
            contact: "mailto:tests@trigonal.test".into(),
            over_http: true,
        },
        origins: Default::default(),
        refused_names: Default::default(),
    }
}

/// A server on a fresh store of `kind`, configured as the tests' servers are and then as
/// `change` says.
pub async fn start_changed(kind: &str, change: impl FnOnce(&mut Config)) -> TestServer {
    let place = Place::new(kind).await;
    let mut config = test_config(&place.db, 0, Limits::default(), None);
    change(&mut config);
    let mut server = start_as(config, std::future::pending()).await;
    server._place = Some(place);
    server
}

async fn start_as(
    config: Config,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> TestServer {
    let db = config.db.clone();
    let server = Server::bind(&config).await.unwrap();
    let addr = server.local_addr();
    let task = tokio::spawn(async move {
        server.run(shutdown).await.unwrap();
    });
    TestServer {
        base: format!("http://{addr}"),
        addr,
        http: reqwest::Client::new(),
        db: db.to_string(),
        task,
        _place: None,
    }
}

/// A response: status and JSON body (`Value::Null` if the body is not JSON).
pub struct Reply {
    pub status: u16,
    pub body: Value,
    pub text: String,
    pub headers: reqwest::header::HeaderMap,
}

impl Reply {
    async fn from(response: reqwest::Response) -> Reply {
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let text = response.text().await.unwrap();
        let body = serde_json::from_str(&text).unwrap_or(Value::Null);
        Reply {
            status,
            body,
            text,
            headers,
        }
    }

    /// The reply to a request built by hand.
    pub async fn status_of(response: reqwest::Response) -> Reply {
        Reply::from(response).await
    }

    /// The code of an error reply (docs/api.md), checked as [`Reply::error`] checks its message.
    pub fn code(&self) -> &str {
        self.error();
        self.body["code"]
            .as_str()
            .unwrap_or_else(|| panic!("no code in {:?}", self.text))
    }

    /// The error message of an error reply, checking that it is `{"error": "..."}`.
    pub fn error(&self) -> &str {
        assert!(
            self.headers["content-type"]
                .to_str()
                .unwrap()
                .starts_with("application/json"),
            "error bodies are JSON: {:?}",
            self.text
        );
        self.body["error"]
            .as_str()
            .unwrap_or_else(|| panic!("no error message in {:?}", self.text))
    }
}

impl TestServer {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    pub async fn get(&self, path: &str) -> Reply {
        Reply::from(self.http.get(self.url(path)).send().await.unwrap()).await
    }

    pub async fn post(&self, path: &str, body: Value) -> Reply {
        Reply::from(
            self.http
                .post(self.url(path))
                .json(&body)
                .send()
                .await
                .unwrap(),
        )
        .await
    }

    /// Posts `body` as it is, said to be JSON.
    pub async fn post_raw(&self, path: &str, body: impl Into<reqwest::Body>) -> Reply {
        Reply::from(
            self.http
                .post(self.url(path))
                .header("content-type", "application/json")
                .body(body)
                .send()
                .await
                .unwrap(),
        )
        .await
    }

    /// Creates a game; its id and the tokens of its human seats, by seat.
    pub async fn create(&self, body: Value) -> (String, Vec<Option<String>>) {
        let reply = self.post("/api/games", body.clone()).await;
        assert_eq!(reply.status, 201, "create {body}: {}", reply.text);
        let id = reply.body["id"].as_str().unwrap().to_string();
        let seats = body["seats"].as_array().unwrap().len();
        let mut tokens = vec![None; seats];
        for s in reply.body["seats"].as_array().unwrap() {
            tokens[s["seat"].as_u64().unwrap() as usize] =
                Some(s["token"].as_str().unwrap().into());
        }
        (id, tokens)
    }

    /// A game of `game` with every seat human.
    pub async fn create_humans(&self, game: &str, players: usize) -> (String, Vec<String>) {
        let seats: Vec<Value> = (0..players).map(|_| json!({"kind": "human"})).collect();
        let (id, tokens) = self
            .create(json!({"game": game, "players": players, "seats": seats}))
            .await;
        (id, tokens.into_iter().map(Option::unwrap).collect())
    }

    pub async fn view(&self, id: &str) -> Value {
        let reply = self.get(&format!("/api/games/{id}")).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        reply.body
    }

    pub async fn play(&self, id: &str, token: &str, mv: &str, ply: u64) -> Reply {
        self.post(
            &format!("/api/games/{id}/moves"),
            json!({"token": token, "move": mv, "ply": ply}),
        )
        .await
    }

    /// Plays the `pick`-th legal move (modulo their number) for the seat to move; the new view.
    pub async fn play_some(&self, id: &str, tokens: &[String], pick: usize) -> Value {
        let view = self.view(id).await;
        let legal = view["legal"].as_array().unwrap();
        let mv = legal[pick % legal.len()].as_str().unwrap();
        let seat = view["to_move"].as_u64().unwrap() as usize;
        let reply = self
            .play(id, &tokens[seat], mv, view["ply"].as_u64().unwrap())
            .await;
        assert_eq!(reply.status, 200, "{mv}: {}", reply.text);
        reply.body
    }

    /// Polls the view until `done` holds (at most 20 s).
    pub async fn wait_for(&self, id: &str, done: impl Fn(&Value) -> bool) -> Value {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
        loop {
            let view = self.view(id).await;
            if done(&view) {
                return view;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "timed out; last view: ply {} to_move {}",
                view["ply"],
                view["to_move"]
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

/// A game's WebSocket and the view it has brought so far (its messages followed as a client
/// does: [`trigonal_server::follow`]).
pub struct Ws {
    pub socket: tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
    pub view: Value,
}

impl Ws {
    /// Sends a text message.
    pub async fn send(
        &mut self,
        message: Message,
    ) -> Result<(), tokio_tungstenite::tungstenite::Error> {
        use futures_util::SinkExt;
        self.socket.send(message).await
    }
}

/// A WebSocket watching game `id`, and the first view it was sent.
pub async fn watch(server: &TestServer, id: &str) -> (Ws, Value) {
    let url = format!("ws://{}/api/games/{id}/ws", server.addr);
    let (socket, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    let mut ws = Ws {
        socket,
        view: Value::Null,
    };
    let first = next_view(&mut ws).await;
    (ws, first)
}

/// The view after the next message on `ws` (at most 20 s): a whole view, or the view before it
/// changed as a change message says, or with the legal moves a `moves` message brings. A
/// message that is an error (`{"error": …}`) is returned as it is.
pub async fn next_view(ws: &mut Ws) -> Value {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(20), ws.socket.next())
            .await
            .expect("a view within 20 s")
            .expect("the socket is open")
            .expect("a message");
        match message {
            Message::Text(text) => {
                let message: Value = serde_json::from_str(&text).unwrap();
                if message.get("error").is_some() {
                    return message;
                }
                match trigonal_server::follow(&mut ws.view, &message) {
                    trigonal_server::Followed::Taken => return ws.view.clone(),
                    trigonal_server::Followed::Stale => continue,
                    trigonal_server::Followed::Gap => {
                        panic!("a change for a version never had: {message}")
                    }
                }
            }
            Message::Ping(_) | Message::Pong(_) => continue,
            other => panic!("unexpected message {other:?}"),
        }
    }
}

/// Sends `body` to `path` with `cookie` (a `name=value` pair) and extra `headers`.
pub async fn send(
    server: &TestServer,
    method: reqwest::Method,
    path: &str,
    body: Value,
    cookie: Option<&str>,
    headers: &[(&str, &str)],
) -> Reply {
    let mut request = server.http.request(method, server.url(path)).json(&body);
    if let Some(cookie) = cookie {
        request = request.header("cookie", cookie);
    }
    for (k, v) in headers {
        request = request.header(*k, *v);
    }
    Reply::status_of(request.send().await.unwrap()).await
}

/// The token of the seat the holder of `cookie` has in game `game`, asked with the session as a
/// page told of a new game asks (sockets carry no tokens).
pub async fn seat_token(server: &TestServer, cookie: &str, game: &str) -> String {
    let r = send(
        server,
        reqwest::Method::GET,
        &format!("/api/me/games/{game}"),
        Value::Null,
        Some(cookie),
        &[],
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.headers["cache-control"], "no-store");
    r.body["token"].as_str().unwrap().to_string()
}

/// The session cookie a reply sets, as `name=value`, and the whole header.
pub fn cookie_of(reply: &Reply) -> (String, String) {
    let header = reply.headers["set-cookie"].to_str().unwrap().to_string();
    let pair = header.split(';').next().unwrap().to_string();
    (pair, header)
}

/// Signs up `name` (password "a long password") and returns its session cookie.
pub async fn account(server: &TestServer, name: &str) -> String {
    account_with(server, name, "a long password").await
}

/// Signs up `name` with `password`: its session cookie.
pub async fn account_with(server: &TestServer, name: &str, password: &str) -> String {
    let r = send(
        server,
        reqwest::Method::POST,
        "/api/accounts",
        json!({"name": name, "password": password}),
        None,
        &[],
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.text);
    cookie_of(&r).0
}

/// A rated game of `game` made by `host` (a session cookie) in seat 0, seat 1 open; the id and
/// the host's token.
pub async fn open_rated_game(server: &TestServer, game: &str, host: &str) -> (String, String) {
    let r = send(
        server,
        reqwest::Method::POST,
        "/api/games",
        json!({"game": game, "rated": true,
        "seats": [{"kind": "human", "player": "me"}, {"kind": "open"}]}),
        Some(host),
        &[],
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.text);
    let id = r.body["id"].as_str().unwrap().to_string();
    let host_token = r.body["seats"][0]["token"].as_str().unwrap().to_string();
    (id, host_token)
}

/// A rated game of `game` made by `host` (seat 0) and joined by `guest` (seat 1), each a session
/// cookie; the id and both tokens.
pub async fn rated_game(
    server: &TestServer,
    game: &str,
    host: &str,
    guest: &str,
) -> (String, String, String) {
    let (id, host_token) = open_rated_game(server, game, host).await;
    let r = send(
        server,
        reqwest::Method::POST,
        &format!("/api/games/{id}/join"),
        json!({"seat": 1}),
        Some(guest),
        &[],
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    (
        id,
        host_token,
        r.body["token"].as_str().unwrap().to_string(),
    )
}

/// A WebSocket to the server (a lobby's, a tournament's).
pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The lobby's socket for `game`, as the holder of `cookie` (a guest without).
pub async fn lobby_socket(server: &TestServer, game: &str, cookie: Option<&str>) -> Socket {
    socket(server, &format!("/api/lobby/ws?game={game}"), cookie).await
}

/// The WebSocket at `path`, as the holder of `cookie` (a guest without).
pub async fn socket(server: &TestServer, path: &str, cookie: Option<&str>) -> Socket {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut request = format!("ws://{}{path}", server.addr)
        .into_client_request()
        .unwrap();
    if let Some(cookie) = cookie {
        request
            .headers_mut()
            .insert("cookie", cookie.parse().unwrap());
    }
    tokio_tungstenite::connect_async(request).await.unwrap().0
}

/// The next text message on a socket, within `within`.
pub async fn socket_message(socket: &mut Socket, within: Duration) -> Value {
    loop {
        let message = tokio::time::timeout(within, socket.next())
            .await
            .unwrap_or_else(|_| panic!("a message within {within:?}"))
            .expect("the socket is open")
            .expect("a message");
        if let Message::Text(text) = message {
            return serde_json::from_str(&text).unwrap();
        }
    }
}
