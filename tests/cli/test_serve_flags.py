"""``langbord serve``'s limits on clients and connections: the flags set ``ServerConfig``, and a
malformed value is refused with one line before anything is opened."""

from __future__ import annotations

from pathlib import Path

import pytest

from langbord.cli.main import _net_settings, build_parser, main
from langbord.server.config import ServerConfig


def settings(*argv: str) -> dict[str, object]:
    return _net_settings(build_parser().parse_args(["serve", *argv]))


def test_the_flags_set_the_config() -> None:
    assert settings() == {}  # ServerConfig's defaults: the limits on
    got = settings(
        "--allowed-host",
        "play.example.org",
        "--allowed-host",
        "*.example.org",
        "--forwarded-allow-ips",
        "127.0.0.1, ::1",
        "--no-rate-limits",
        "--create-rate",
        "5/minute",
        "--max-connections",
        "50",
        "--header-seconds",
        "2.5",
        "--spectators",
        "7",
        "--connections-per-address",
        "0",
    )
    config = ServerConfig(**got)  # type: ignore[arg-type]
    assert config.allowed_hosts == ("play.example.org", "*.example.org")
    assert config.forwarded_allow_ips == ("127.0.0.1", "::1")
    assert (config.rate_limits, config.create_rate, config.join_rate) == (
        False,
        "5/minute",
        "60/minute",
    )
    assert (config.max_connections, config.header_seconds, config.spectators) == (50, 2.5, 7)
    assert config.connections_per_address == 0  # no limit


@pytest.mark.parametrize(
    "argv,message",
    [
        (["--create-rate", "lots"], "--create-rate 'lots' is not a rate"),
        (["--move-rate", "0/minute"], "--move-rate '0/minute' must allow at least one request"),
        (["--header-seconds", "nan"], "--header-seconds must be in (0, 3600] seconds"),
        (["--body-seconds", "-1"], "--body-seconds must be in (0, 3600] seconds"),
        (["--ws-token-seconds", "inf"], "--ws-token-seconds must be in (0, 3600] seconds"),
        (["--max-connections", "0"], "0 is not a number from 1 to 1000000"),
        (["--spectators", "1e999"], "1e999 is not a number from 1 to 1000000"),
        (["--connections-per-address", "-1"], "-1 is not a number from 0 to 1000000"),
        (["--analysis-seconds", "nan"], "--analysis-seconds must be a number of seconds"),
        (["--analysis-seconds", "5"], "from 0.05 to 2"),
        (["--analyses", "-1"], "--analyses must be 0 to 1000"),
        (["--processes", "0"], "must be a whole number from 1 to 64, not '0'"),
        (["--processes", "two"], "must be a whole number from 1 to 64, not 'two'"),
        (["--processes", "2"], "several serving processes need a database they all write to"),
    ],
)
def test_malformed_limits_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], message: str
) -> None:
    db = tmp_path / "never.db"
    assert main(["serve", "--db", f"sqlite:///{db}", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert not db.exists()  # refused before the database was opened
