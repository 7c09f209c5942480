//! The command line's tests, one program: the real `trigonal` binary run as a child process
//! (its contract, the computer, engines, serving, backups, several servers on one database, a
//! rolling restart behind nginx, the terminal), one module a concern. One program, not one a
//! file, so that the test build links it once.

mod common;

mod admin;
mod ai;
mod backup;
mod contract;
mod engines;
mod operations;
mod puzzles;
mod rolling;
mod serve;
mod servers;
mod terminal;
