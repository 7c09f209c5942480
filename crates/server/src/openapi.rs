//! The HTTP API as an OpenAPI 3.1 document, served at `GET /api/openapi.json`. It is made from
//! the handlers themselves: every route of the API is registered through `utoipa-axum`'s
//! router with the handler's `#[utoipa::path]` (its method, path, parameters, body and the
//! statuses it answers), and the types it reads and writes derive their schemas — so the
//! document cannot leave out a route or drift from a type. What every operation of a kind may
//! answer besides its own is added here once ([`common_answers`]): the refusals of the JSON body
//! (400, 408, 413, 415), of other origins (403), of a busy store (503) and of a fault (500).

use std::sync::LazyLock;

use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use utoipa::openapi::path::{HttpMethod, Operation};
use utoipa::openapi::{ContentBuilder, OpenApi as Document, Ref, RefOr, ResponseBuilder};
use utoipa::{OpenApi, ToSchema};

/// Every error's body: the English message, a stable code (docs/api.md lists them) and the
/// values the message names.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct ErrorBody {
    /// What went wrong, in English.
    error: String,
    /// A stable code, one of the document's list (translations key on it).
    code: String,
    /// The values the message names (a code's words fill them in), when it names any.
    params: Option<serde_json::Map<String, serde_json::Value>>,
}

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Trigonal",
        description = "The HTTP API of Trigonal, a home for triangle-grid strategy games: the \
                       contract between the server and its front end, bots and scripts. \
                       docs/api.md says it in prose. A state-changing request from a browser \
                       is accepted only from the site's own pages (403 `cross-origin`); JSON \
                       bodies are sent as `application/json` (415 otherwise).",
        license(name = "MIT"),
    ),
    components(schemas(ErrorBody)),
    tags(
        (name = "games", description = "Games: made, viewed, played, watched, analysed"),
        (name = "accounts", description = "Accounts, sessions and the signed-in player's games"),
        (name = "players", description = "Profiles, leaderboards and bots; blocks and reports"),
        (name = "moderation", description = "Moderators: reports, actions and their log"),
        (name = "seeks", description = "Seeks, the lobby and quick pairing"),
        (name = "tournaments", description = "Swiss and arena tournaments"),
        (name = "learning", description = "Lessons and puzzles"),
        (name = "mail", description = "E-mail and Web Push notices"),
        (name = "site", description = "What the site offers, its health and its metrics"),
    )
)]
struct Base;

/// The document, made once.
static DOCUMENT: LazyLock<String> = LazyLock::new(|| document().to_string());

/// The API's OpenAPI document as served: [`Base`] with every route of the API.
pub fn document() -> serde_json::Value {
    let mut json = serde_json::to_value(described()).expect("the OpenAPI document serialises");
    // utoipa 5 writes a link's `operationId` as `operation_id`: written as OpenAPI says.
    if let Some(paths) = json["paths"].as_object_mut() {
        for item in paths.values_mut().filter_map(|p| p.as_object_mut()) {
            for operation in item.values_mut() {
                let Some(responses) = operation
                    .get_mut("responses")
                    .and_then(|r| r.as_object_mut())
                else {
                    continue;
                };
                for response in responses.values_mut() {
                    let Some(links) = response.get_mut("links").and_then(|l| l.as_object_mut())
                    else {
                        continue;
                    };
                    for link in links.values_mut().filter_map(|l| l.as_object_mut()) {
                        if let Some(id) = link.remove("operation_id") {
                            link.insert("operationId".into(), id);
                        }
                    }
                }
            }
        }
    }
    json
}

/// [`Base`] with every route of the API, as utoipa describes them.
fn described() -> Document {
    let (_, mut document) = crate::api::api_routes().split_for_parts();
    let base = Base::openapi();
    document.info = base.info;
    document.tags = base.tags;
    document.openapi = utoipa::openapi::OpenApiVersion::Version31;
    let components = document.components.get_or_insert_with(Default::default);
    for (name, schema) in base.components.into_iter().flat_map(|c| c.schemas) {
        components.schemas.entry(name).or_insert(schema);
    }
    for item in document.paths.paths.values_mut() {
        for operation in [
            &mut item.get,
            &mut item.post,
            &mut item.delete,
            &mut item.put,
        ]
        .into_iter()
        .flatten()
        {
            // Handlers of different concerns share names (`join`, `watch`): an id is unique
            // with its tag before it.
            let tag = operation.tags.as_ref().and_then(|t| t.first()).cloned();
            if let (Some(tag), Some(id)) = (tag, operation.operation_id.as_mut()) {
                *id = format!("{tag}.{id}");
            }
        }
    }
    links(&mut document);
    for item in document.paths.paths.values_mut() {
        for (method, operation) in [
            (HttpMethod::Get, &mut item.get),
            (HttpMethod::Post, &mut item.post),
            (HttpMethod::Delete, &mut item.delete),
            (HttpMethod::Put, &mut item.put),
        ] {
            if let Some(operation) = operation {
                common_answers(method, operation);
            }
        }
    }
    document
}

/// What a made thing's id leads to: the operations that take it (OpenAPI links, which tools such
/// as Schemathesis follow to test with real ids).
fn links(document: &mut Document) {
    use utoipa::openapi::link::LinkBuilder;
    const FROM_BODY: &[(&str, &str, &str, &str, &[&str])] = &[
        // (path, status, parameter, its value in the answer, operations that take it)
        (
            "/api/games",
            "201",
            "id",
            "$response.body#/id",
            &[
                "games.view",
                "games.view_at",
                "games.game_ratings",
                "games.analysis",
                "games.analyse",
                "games.record",
                "games.watch",
                "games.join",
            ],
        ),
        (
            "/api/records",
            "201",
            "id",
            "$response.body#/id",
            &["games.view", "games.record", "games.analysis"],
        ),
        (
            "/api/seeks",
            "201",
            "id",
            "$response.body#/id",
            &["seeks.accept", "seeks.leave", "seeks.computer"],
        ),
        (
            "/api/tournaments",
            "201",
            "id",
            "$response.body#/id",
            &[
                "tournaments.show",
                "tournaments.join",
                "tournaments.withdraw",
                "tournaments.computer",
                "tournaments.start",
                "tournaments.watch",
            ],
        ),
    ];
    for (path, status, parameter, value, targets) in FROM_BODY {
        let Some(post) = document
            .paths
            .paths
            .get_mut(*path)
            .and_then(|item| item.post.as_mut())
        else {
            continue;
        };
        let Some(RefOr::T(response)) = post.responses.responses.get_mut(*status) else {
            continue;
        };
        for target in *targets {
            let link = LinkBuilder::new()
                .operation_id(*target)
                .parameter(*parameter, *value)
                .build();
            response.links.insert(target.to_string(), RefOr::T(link));
        }
    }
}

/// An error answer with [`ErrorBody`].
fn error(description: &str) -> RefOr<utoipa::openapi::Response> {
    RefOr::T(
        ResponseBuilder::new()
            .description(description)
            .content(
                "application/json",
                ContentBuilder::new()
                    .schema(Some(Ref::from_schema_name("ErrorBody")))
                    .build(),
            )
            .build(),
    )
}

/// Adds to `operation` what any operation of its kind may answer, where it does not say so
/// itself.
fn common_answers(method: HttpMethod, operation: &mut Operation) {
    let mut add = |status: &str, description: &str| {
        operation
            .responses
            .responses
            .entry(status.to_string())
            .or_insert_with(|| error(description));
    };
    if operation.request_body.is_some() {
        add(
            "400",
            "The body is not JSON of the shape asked for (`bad-request`).",
        );
        add("408", "The body did not arrive in time (`timeout`).");
        add("413", "The body is larger than 64 KiB (`too-large`).");
        add(
            "415",
            "The body is not sent as `application/json` (`unsupported-media-type`).",
        );
    }
    if !matches!(method, HttpMethod::Get | HttpMethod::Head) {
        add(
            "403",
            "Sent by another site's page (`cross-origin`), or not this player's to do.",
        );
    }
    add(
        "500",
        "A fault of the server's (`internal`); its log says more.",
    );
    add(
        "503",
        "The store cannot be reached (`unavailable`): try again in a few seconds.",
    );
}

/// `GET /api/openapi.json`: this document.
#[utoipa::path(
    get,
    path = "/api/openapi.json",
    tag = "site",
    responses((status = 200, description = "The OpenAPI 3.1 document of this API.", content_type = "application/json", body = Object))
)]
pub async fn serve() -> Response {
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        DOCUMENT.as_str(),
    )
        .into_response()
}

// The schemas of the types other crates own (the rules' scenes and words, the clock's controls,
// the store's take-backs), which know nothing of this document: said here, as they serialise.

use utoipa::openapi::schema::{
    AdditionalProperties, ArrayBuilder, ObjectBuilder, OneOfBuilder, Schema, SchemaType, Type,
};

fn integer() -> ObjectBuilder {
    ObjectBuilder::new().schema_type(Type::Integer)
}

fn nullable(schema: Schema) -> Schema {
    OneOfBuilder::new()
        .item(schema)
        .item(ObjectBuilder::new().schema_type(Type::Null))
        .into()
}

/// A game's id: one of the registry's.
pub fn game_id() -> Schema {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(trigonal_games::ids()))
        .description(Some("A game's id (`GET /api/meta`)."))
        .into()
}

/// A game's id, or none.
pub fn game_id_or_null() -> Schema {
    nullable(game_id())
}

/// A level of the computer's.
pub fn level() -> Schema {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(trigonal_ai::Level::ALL.map(|l| l.to_string())))
        .into()
}

/// A time control: Fischer `{initial_ms, increment_ms}` or correspondence `{days}`.
pub fn control() -> Schema {
    OneOfBuilder::new()
        .item(
            ObjectBuilder::new()
                .property("initial_ms", integer())
                .property("increment_ms", integer())
                .required("initial_ms")
                .required("increment_ms"),
        )
        .item(
            ObjectBuilder::new()
                .property("days", integer())
                .required("days"),
        )
        .description(Some(
            "A time control: Fischer, or days a move by correspondence.",
        ))
        .into()
}

/// A time control or none.
pub fn control_or_null() -> Schema {
    nullable(control())
}

/// A time control as a request gives it (checked by the server: docs/api.md, "Clocks").
pub fn control_spec_or_null() -> Schema {
    nullable(
        ObjectBuilder::new()
            .property("initial_ms", integer())
            .property("increment_ms", integer())
            .property("days", integer())
            .additional_properties(Some(AdditionalProperties::FreeForm(false)))
            .description(Some(
                "`{initial_ms, increment_ms}` or `{days}`; none: no clock.",
            ))
            .into(),
    )
}

/// A position drawn as a scene: what the front end draws and what each click names.
pub fn scene() -> Schema {
    ObjectBuilder::new()
        .property(
            "view_box",
            ArrayBuilder::new().items(ObjectBuilder::new().schema_type(Type::Number)),
        )
        .property(
            "items",
            ArrayBuilder::new().items(ObjectBuilder::new().schema_type(Type::Object)),
        )
        .property(
            "facts",
            ArrayBuilder::new().items(ObjectBuilder::new().schema_type(Type::Object)),
        )
        .property("pannable", ObjectBuilder::new().schema_type(Type::Boolean))
        .required("view_box")
        .required("items")
        .description(Some(
            "The board as shapes with ids in board coordinates (docs/api.md, \"View\").",
        ))
        .into()
}

/// Words with named values: a clause of a move, an explanation.
fn keyed() -> ObjectBuilder {
    ObjectBuilder::new()
        .property("key", ObjectBuilder::new().schema_type(Type::String))
        .property(
            "values",
            ObjectBuilder::new()
                .schema_type(Type::Object)
                .additional_properties(Some(AdditionalProperties::FreeForm(true))),
        )
        .required("key")
}

/// Each move of a game said in words: a list of clauses a move.
pub fn clauses() -> Schema {
    ArrayBuilder::new()
        .items(ArrayBuilder::new().items(keyed()))
        .into()
}

/// Why a puzzle's answer is right, or none.
pub fn explanation_or_null() -> Schema {
    nullable(keyed().into())
}

/// A take-back asked for, or none.
pub fn takeback_or_null() -> Schema {
    let seats = || ArrayBuilder::new().items(integer());
    nullable(
        ObjectBuilder::new()
            .property("by", integer())
            .property("from", integer())
            .property("waiting", seats())
            .property("accepted", seats())
            .required("by")
            .required("from")
            .required("waiting")
            .required("accepted")
            .into(),
    )
}

#[allow(unused_imports)]
use SchemaType as _;
