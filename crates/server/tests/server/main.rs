//! The server's tests, one program: a real server on loopback (SQLite, or PostgreSQL at
//! `TRIGONAL_TEST_PG`) driven over HTTP and WebSockets, one module a concern. One program, not
//! one a file: each linked the whole server again, the larger part of their build.

mod common;

mod accounts;
mod analysis;
mod api;
mod bots;
mod clocks;
mod hardening;
mod kit;
mod lessons;
mod mail;
mod openapi;
mod origins;
mod people;
mod push;
mod puzzles;
mod quick;
mod ratings;
mod safety;
mod seeks;
mod tournaments;
mod wire;
