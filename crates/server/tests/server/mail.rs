//! Mail through a real SMTP server (Python's aiosmtpd, started by the test), on both stores: an
//! address is confirmed by a first mail before any other; then "your turn" in a correspondence
//! game, at most once a game a day, with a working unsubscribe link; and with the SMTP server down
//! the game goes on and the mail arrives once it is back; and a tournament's start, to those of
//! its entrants whose address is confirmed.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::{account, send, start_with_mail, Place, TestServer};
use reqwest::Method;
use serde_json::{json, Value};
use trigonal_server::MailConfig;
use trigonal_store::on_both;

pub(crate) const SITE: &str = "http://trigonal.test";

/// A local SMTP server writing each mail it takes into a maildir.
pub(crate) struct Smtp {
    child: Child,
    port: u16,
    dir: tempfile::TempDir,
}

impl Smtp {
    /// Python with aiosmtpd: `TRIGONAL_TEST_PYTHON` (scripts/test makes one), else `python3`.
    fn python() -> String {
        let python = std::env::var("TRIGONAL_TEST_PYTHON").unwrap_or_else(|_| "python3".into());
        let ok = Command::new(&python)
            .args(["-c", "import aiosmtpd"])
            .status()
            .is_ok_and(|s| s.success());
        assert!(
            ok,
            "{python} has no aiosmtpd: run the tests with `bash scripts/test`, which installs it, \
             or set TRIGONAL_TEST_PYTHON to a Python that has it"
        );
        python
    }

    pub(crate) fn start() -> Smtp {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let dir = tempfile::tempdir().unwrap();
        let child = Smtp::spawn(port, dir.path());
        Smtp { child, port, dir }
    }

    fn spawn(port: u16, dir: &Path) -> Child {
        let maildir = dir.join("maildir");
        let child = Command::new(Smtp::python())
            .args(["-m", "aiosmtpd", "-n", "-l", &format!("127.0.0.1:{port}")])
            .args(["-c", "aiosmtpd.handlers.Mailbox"])
            .arg(&maildir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("aiosmtpd starts");
        let started = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "aiosmtpd listens"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        child
    }

    fn stop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    fn restart(&mut self) {
        self.child = Smtp::spawn(self.port, self.dir.path());
    }

    pub(crate) fn config(&self) -> MailConfig {
        MailConfig {
            smtp: format!("smtp://127.0.0.1:{}", self.port),
            from: "Trigonal <games@trigonal.test>".into(),
            site: SITE.into(),
        }
    }

    /// Every mail taken so far, oldest first, as its raw text.
    pub(crate) fn mails(&self) -> Vec<String> {
        let new = self.dir.path().join("maildir").join("new");
        let mut files: Vec<(std::time::SystemTime, PathBuf)> = std::fs::read_dir(&new)
            .map(|d| {
                d.map(|e| {
                    let e = e.unwrap();
                    (e.metadata().unwrap().modified().unwrap(), e.path())
                })
                .collect()
            })
            .unwrap_or_default();
        files.sort();
        files
            .into_iter()
            .map(|(_, p)| std::fs::read_to_string(p).unwrap())
            .collect()
    }

    /// Waits (up to `within`) until `n` mails were taken; all of them.
    pub(crate) async fn wait_for(&self, n: usize, within: Duration) -> Vec<String> {
        let started = Instant::now();
        loop {
            let mails = self.mails();
            if mails.len() >= n {
                return mails;
            }
            assert!(
                started.elapsed() < within,
                "{} mails of {n} after {within:?}",
                mails.len()
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

impl Drop for Smtp {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The header `name` of a raw mail.
pub(crate) fn header<'a>(mail: &'a str, name: &str) -> &'a str {
    mail.lines()
        .find_map(|l| l.strip_prefix(&format!("{name}: ")))
        .unwrap_or_else(|| panic!("no {name} in {mail}"))
}

/// The first link in a raw mail's text that starts with `start`.
pub(crate) fn link<'a>(mail: &'a str, start: &str) -> &'a str {
    let at = mail
        .find(start)
        .unwrap_or_else(|| panic!("no {start} in {mail}"));
    mail[at..]
        .split_whitespace()
        .next()
        .unwrap()
        .trim_end_matches('>')
}

async fn call(
    server: &TestServer,
    method: Method,
    path: &str,
    body: Value,
    who: &str,
) -> common::Reply {
    send(server, method, path, body, Some(who), &[]).await
}

/// Follows a link of a mail on `server` as a person does: its page (the front end's, in the
/// reader's language, whatever the link's state: 200 HTML, and a bare visit does nothing), then
/// what the page posts — the status of that.
pub(crate) async fn follow(server: &TestServer, url: &str) -> u16 {
    let path = url.strip_prefix(SITE).unwrap();
    let page = server.http.get(server.url(path)).send().await.unwrap();
    assert_eq!(page.status(), 200, "{path}");
    assert!(page.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/html"));
    server
        .http
        .post(server.url(&format!("/api{path}")))
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

async fn a_confirmed_address_is_told_of_its_turn_once_a_day_until_it_unsubscribes(kind: &str) {
    let place = Place::new(kind).await;
    let mut smtp = Smtp::start();
    let server = start_with_mail(&place.db, smtp.config()).await;
    let ann = account(&server, "ann").await;
    let bob = account(&server, "bob").await;
    let r = call(&server, Method::GET, "/api/me/email", Value::Null, &ann).await;
    assert_eq!(
        r.body,
        json!({"email": null, "verified": false, "on": true, "mail": true})
    );
    let bad = call(
        &server,
        Method::POST,
        "/api/me/email",
        json!({"email": "ann at home"}),
        &ann,
    )
    .await;
    assert_eq!(
        (bad.status, bad.body["code"].as_str()),
        (400, Some("email-address"))
    );

    // The first mail confirms the address.
    let r = call(
        &server,
        Method::POST,
        "/api/me/email",
        json!({"email": "ann@example.org"}),
        &ann,
    )
    .await;
    assert_eq!(r.status, 202, "{}", r.text);
    assert_eq!(
        (&r.body["email"], &r.body["verified"]),
        (&json!("ann@example.org"), &json!(false))
    );
    let mails = smtp.wait_for(1, Duration::from_secs(20)).await;
    assert_eq!(header(&mails[0], "To"), "ann@example.org");
    assert_eq!(
        header(&mails[0], "Subject"),
        "Confirm your address for Trigonal"
    );
    let verify = link(&mails[0], &format!("{SITE}/mail/verify/"));
    assert_eq!(follow(&server, verify).await, 200);
    assert_eq!(follow(&server, verify).await, 404, "a link confirms once");
    let r = call(&server, Method::GET, "/api/me/email", Value::Null, &ann).await;
    assert_eq!(r.body["verified"], true);

    // A game by correspondence: Bob's move makes it Ann's turn, and she is told, once that day.
    let r = call(
        &server,
        Method::POST,
        "/api/games",
        json!({"game": "triangoli", "clock": {"days": 3},
        "seats": [{"kind": "human", "player": "me"}, {"kind": "open"}]}),
        &ann,
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.text);
    let id = r.body["id"].as_str().unwrap().to_string();
    let ann_token = r.body["seats"][0]["token"].as_str().unwrap().to_string();
    let r = call(
        &server,
        Method::POST,
        &format!("/api/games/{id}/join"),
        json!({"seat": 1}),
        &bob,
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let bob_token = r.body["token"].as_str().unwrap().to_string();
    for (ply, token) in [
        (0, &ann_token),
        (1, &bob_token),
        (2, &ann_token),
        (3, &bob_token),
    ] {
        let mv = server.view(&id).await["legal"][0]
            .as_str()
            .unwrap()
            .to_string();
        assert_eq!(server.play(&id, token, &mv, ply).await.status, 200);
    }
    // A later mail (Bob's confirmation) comes after any queued before it: Ann's turn came twice,
    // she was told once.
    let r = call(
        &server,
        Method::POST,
        "/api/me/email",
        json!({"email": "bob@example.org"}),
        &bob,
    )
    .await;
    assert_eq!(r.status, 202);
    let mails = smtp.wait_for(3, Duration::from_secs(20)).await;
    assert_eq!(mails.len(), 3, "{mails:?}");
    let turn = &mails[1];
    assert_eq!(header(turn, "Subject"), "Your turn in Triangoli");
    assert!(turn.contains(&format!("{SITE}/game/{id}")), "{turn}");
    assert!(turn.contains("bob has moved"), "{turn}");
    assert_eq!(header(&mails[2], "To"), "bob@example.org");

    // Every mail can stop the mail: its unsubscribe page asks, and a mail program's one-click
    // unsubscribe (List-Unsubscribe with List-Unsubscribe-Post, RFC 8058) posts at once.
    // (The body is quoted-printable: its long lines are cut with a soft break, `=` at the end.)
    let body = turn.replace("=\r\n", "").replace("=\n", "");
    let page = link(&body, &format!("{SITE}/mail/unsubscribe/"));
    let one_click = link(
        header(turn, "List-Unsubscribe"),
        &format!("{SITE}/api/mail/unsubscribe/"),
    );
    assert_eq!(page.rsplit('/').next(), one_click.rsplit('/').next());
    assert_eq!(
        header(turn, "List-Unsubscribe-Post"),
        "List-Unsubscribe=One-Click"
    );
    let r = server
        .http
        .post(server.url(one_click.strip_prefix(SITE).unwrap()))
        .header("content-type", "application/x-www-form-urlencoded")
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let r = call(&server, Method::GET, "/api/me/email", Value::Null, &ann).await;
    assert_eq!(r.body["on"], false);
    assert_eq!(follow(&server, page).await, 200, "again: still off");
    assert_eq!(
        follow(&server, &format!("{SITE}/mail/unsubscribe/nothing")).await,
        404
    );

    // With the SMTP server down the game goes on; the mail waits and arrives once it is back.
    smtp.stop();
    let r = call(
        &server,
        Method::POST,
        "/api/me/email",
        json!({"email": "ann@example.net"}),
        &ann,
    )
    .await;
    assert_eq!(r.status, 202, "{}", r.text);
    let mv = server.view(&id).await["legal"][0]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(server.play(&id, &ann_token, &mv, 4).await.status, 200);
    tokio::time::sleep(Duration::from_secs(1)).await;
    smtp.restart();
    let mails = smtp.wait_for(4, Duration::from_secs(40)).await;
    assert_eq!(header(&mails[3], "To"), "ann@example.net");
    assert_eq!(
        header(&mails[3], "Subject"),
        "Confirm your address for Trigonal"
    );
}
on_both!(a_confirmed_address_is_told_of_its_turn_once_a_day_until_it_unsubscribes);

async fn a_tournaments_start_is_mailed_to_its_entrants_with_a_confirmed_address(kind: &str) {
    let place = Place::new(kind).await;
    let smtp = Smtp::start();
    let server = start_with_mail(&place.db, smtp.config()).await;
    let ann = account(&server, "ann").await;
    let bob = account(&server, "bob").await;
    let cid = account(&server, "cid").await;
    let r = call(
        &server,
        Method::POST,
        "/api/me/email",
        json!({"email": "ann@example.org"}),
        &ann,
    )
    .await;
    assert_eq!(r.status, 202);
    let mails = smtp.wait_for(1, Duration::from_secs(20)).await;
    let verify = link(&mails[0], &format!("{SITE}/mail/verify/"));
    assert_eq!(follow(&server, verify).await, 200);
    let t = call(
        &server,
        Method::POST,
        "/api/tournaments",
        json!({"name": "Friday Swiss", "system": "swiss", "game": "triangoli",
               "clock": {"initial_ms": 300000, "increment_ms": 0}, "rounds": 1}),
        &ann,
    )
    .await;
    assert_eq!(t.status, 201, "{}", t.text);
    let id = t.body["id"].as_str().unwrap().to_string();
    // Cid's address waits for confirmation: no mail but that one goes to it.
    let r = call(
        &server,
        Method::POST,
        "/api/me/email",
        json!({"email": "cid@example.org"}),
        &cid,
    )
    .await;
    assert_eq!(r.status, 202);
    for who in [&ann, &bob, &cid] {
        let r = call(
            &server,
            Method::POST,
            &format!("/api/tournaments/{id}/join"),
            Value::Null,
            who,
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.text);
    }
    let r = call(
        &server,
        Method::POST,
        &format!("/api/tournaments/{id}/start"),
        Value::Null,
        &ann,
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    // Bob's confirmation, queued after the start's mails: by its arrival, the start's have
    // left — Ann's alone.
    let r = call(
        &server,
        Method::POST,
        "/api/me/email",
        json!({"email": "bob@example.org"}),
        &bob,
    )
    .await;
    assert_eq!(r.status, 202);
    let mails = smtp.wait_for(4, Duration::from_secs(20)).await;
    // (Mails due in one millisecond may leave in either order.)
    let mut subjects: Vec<(&str, &str)> = mails
        .iter()
        .map(|m| (header(m, "To"), header(m, "Subject")))
        .collect();
    subjects.sort();
    assert_eq!(
        subjects,
        [
            ("ann@example.org", "Confirm your address for Trigonal"),
            ("ann@example.org", "Friday Swiss has started"),
            ("bob@example.org", "Confirm your address for Trigonal"),
            ("cid@example.org", "Confirm your address for Trigonal"),
        ]
    );
    let started = mails
        .iter()
        .find(|m| header(m, "Subject") == "Friday Swiss has started")
        .unwrap();
    assert!(
        started.contains(&format!("{SITE}/tournament/{id}")),
        "{started}"
    );
}
on_both!(a_tournaments_start_is_mailed_to_its_entrants_with_a_confirmed_address);

/// A mail as its reader's mail program shows it: the subject and the text, decoded.
pub(crate) fn read(mail: &str) -> (String, String) {
    let parsed = mailparse::parse_mail(mail.as_bytes()).expect("a mail");
    let subject = parsed.headers.iter().find(|h| h.get_key() == "Subject");
    let subject = subject.expect("a subject").get_value();
    (
        subject,
        parsed.get_body().expect("a text").replace("\r\n", "\n"),
    )
}

/// Mails are written in the language their reader said (the front end says it on signing in
/// and at each switch): Bob reads Czech — his confirmation, his turn and the footer — while Ann,
/// who never said, reads English; a language the site does not have is refused.
async fn mails_are_in_their_readers_language(kind: &str) {
    let place = Place::new(kind).await;
    let smtp = Smtp::start();
    let server = start_with_mail(&place.db, smtp.config()).await;
    let ann = account(&server, "ann").await;
    let bob = account(&server, "bob").await;
    let language = |who| call(&server, Method::GET, "/api/me/language", Value::Null, who);
    assert_eq!(language(&bob).await.body, json!({"language": null}));
    for bad in [
        json!({"language": "xx"}),
        json!({"language": null}),
        json!({}),
    ] {
        let r = call(&server, Method::POST, "/api/me/language", bad, &bob).await;
        assert_eq!(
            (r.status, r.code()),
            (400, "unknown-language"),
            "{}",
            r.text
        );
    }
    let r = call(
        &server,
        Method::POST,
        "/api/me/language",
        json!({"language": "cs"}),
        &bob,
    )
    .await;
    assert_eq!(
        (r.status, &r.body),
        (200, &json!({"language": "cs"})),
        "{}",
        r.text
    );
    assert_eq!(language(&bob).await.body, json!({"language": "cs"}));
    let anonymous = send(
        &server,
        Method::GET,
        "/api/me/language",
        Value::Null,
        None,
        &[],
    )
    .await;
    assert_eq!(anonymous.status, 401);

    for (who, address) in [(&bob, "bob@example.org"), (&ann, "ann@example.org")] {
        let r = call(
            &server,
            Method::POST,
            "/api/me/email",
            json!({"email": address}),
            who,
        )
        .await;
        assert_eq!(r.status, 202, "{}", r.text);
    }
    let mails = smtp.wait_for(2, Duration::from_secs(20)).await;
    let (subject, text) = read(&mails[0]);
    assert_eq!(header(&mails[0], "To"), "bob@example.org");
    assert_eq!(subject, "Potvrďte svou adresu pro Trigonal");
    assert!(
        text.starts_with("Dobrý den, bob,\n\nabyste na tuto adresu"),
        "{text}"
    );
    assert!(
        text.contains(
            "\n-- \nUž žádné e-maily od Trigonalu: http://trigonal.test/mail/unsubscribe/"
        ),
        "{text}"
    );
    let (subject, text) = read(&mails[1]);
    assert_eq!(subject, "Confirm your address for Trigonal");
    assert!(
        text.contains("\n-- \nNo more mail from Trigonal: "),
        "{text}"
    );
    assert_eq!(
        follow(&server, link(&text, &format!("{SITE}/mail/verify/"))).await,
        200
    );
    let (_, bob_text) = read(&mails[0]);
    assert_eq!(
        follow(&server, link(&bob_text, &format!("{SITE}/mail/verify/"))).await,
        200
    );

    // Ann's move in a game by correspondence: Bob's turn, told in Czech, the game's name too.
    let r = call(
        &server,
        Method::POST,
        "/api/games",
        json!({"game": "triangle-game", "players": 3, "clock": {"days": 3},
               "seats": [{"kind": "human", "player": "me"}, {"kind": "open"}, {"kind": "ai", "level": "random"}]}),
        &ann,
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.text);
    let id = r.body["id"].as_str().unwrap().to_string();
    let ann_token = r.body["seats"][0]["token"].as_str().unwrap().to_string();
    let r = call(
        &server,
        Method::POST,
        &format!("/api/games/{id}/join"),
        json!({"seat": 1}),
        &bob,
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    // Ann plays her turn's actions until the turn is Bob's.
    let mut ply = 0;
    while server.view(&id).await["to_move"] == 0 {
        let mv = server.view(&id).await["legal"][0]
            .as_str()
            .unwrap()
            .to_string();
        assert_eq!(server.play(&id, &ann_token, &mv, ply).await.status, 200);
        ply += 1;
    }
    // Ann was told of her first turn when Bob sat down (in English); then Bob of his.
    let mails = smtp.wait_for(4, Duration::from_secs(20)).await;
    let (subject, _) = read(&mails[2]);
    assert_eq!(header(&mails[2], "To"), "ann@example.org");
    assert_eq!(subject, "Your turn in The Triangle Game");
    let (subject, text) = read(&mails[3]);
    assert_eq!(header(&mails[3], "To"), "bob@example.org");
    assert_eq!(subject, "Jste na tahu: Trojúhelníková hra");
    assert!(
        text.starts_with("ann: nový tah ve vaší partii (Trojúhelníková hra). Jste na tahu."),
        "{text}"
    );
}
on_both!(mails_are_in_their_readers_language);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_without_smtp_takes_no_address() {
    let server = common::start("sqlite").await;
    let ann = account(&server, "ann").await;
    let r = call(&server, Method::GET, "/api/me/email", Value::Null, &ann).await;
    assert_eq!(r.body["mail"], false);
    let r = call(
        &server,
        Method::POST,
        "/api/me/email",
        json!({"email": "ann@example.org"}),
        &ann,
    )
    .await;
    assert_eq!((r.status, r.body["code"].as_str()), (409, Some("mail-off")));
}
