"""judge.conf: --config or JUDGE_CONFIG, paths relative to the file, bad values named."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.config import ConfigError, Settings, load_settings, settings_from_text
from judge.mail.daemon import serve_options

REPO_CONF = Path(__file__).resolve().parents[2] / "judge.conf"


def test_the_shipped_judge_conf_gives_the_documented_defaults() -> None:
    s = load_settings(REPO_CONF)
    base = REPO_CONF.parent
    assert s.addresses == ("judge@localhost",)
    assert (s.smtp_host, s.smtp_port) == ("127.0.0.1", 2525)
    assert s.max_message_size == 256 * 1024
    assert s.database_url == f"sqlite:///{base / 'var' / 'judge.db'}"
    assert s.relay is None
    assert s.maildir == base / "var" / "outbox"
    assert s.source == REPO_CONF
    # the worker in a child process: answers keep up with 200 mails/s on two cores
    assert serve_options(s) == {"worker": "process", "sender": "thread"}
    assert serve_options(settings_from_text("", base)) == {"worker": "thread", "sender": "thread"}


def test_every_option_in_the_shipped_file_has_a_comment_above_it() -> None:
    lines = REPO_CONF.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        if "=" in line and not line.startswith("#"):
            above = [x for x in lines[max(0, i - 8):i] if x.strip()]
            assert any(x.startswith("#") for x in above), f"undocumented option: {line}"


def test_relative_paths_are_relative_to_the_config_file(tmp_path: Path) -> None:
    conf = tmp_path / "etc" / "judge.conf"
    conf.parent.mkdir()
    conf.write_text("[judge]\naddress = Judge@Example.org, games@example.org\n"
                    "keeper = boss@example.org\n"
                    "[database]\nurl = sqlite:///data/j.db\n"
                    "[outgoing]\nrelay = smtp.example.org:587\nmaildir = out\n")
    s = load_settings(conf)
    assert s.addresses == ("judge@example.org", "games@example.org")
    assert s.address == "judge@example.org"
    assert s.is_judge_address(" GAMES@example.org ")
    assert s.keeper == "boss@example.org"
    assert s.database_url == f"sqlite:///{conf.parent / 'data' / 'j.db'}"
    assert s.relay == ("smtp.example.org", 587)
    assert s.maildir == conf.parent / "out"


def test_judge_config_environment_variable_is_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    conf = tmp_path / "other.conf"
    conf.write_text("[smtp]\nport = 2600\n")
    monkeypatch.setenv("JUDGE_CONFIG", str(conf))
    monkeypatch.chdir(tmp_path)
    assert load_settings().smtp_port == 2600
    assert load_settings(REPO_CONF).smtp_port == 2525  # --config wins over the variable


def test_no_file_at_all_means_defaults_under_the_current_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("JUDGE_CONFIG", raising=False)
    monkeypatch.chdir(tmp_path)
    s = load_settings()
    assert s.source is None
    assert s.database_url == f"sqlite:///{tmp_path.resolve() / 'var' / 'judge.db'}"


def test_an_explicit_missing_file_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="does not exist"):
        load_settings(tmp_path / "nope.conf")


@pytest.mark.parametrize(
    ("text", "message"),
    [("[smtp]\nport = twenty\n", r"\[smtp\] port must be a whole number"),
     ("[smtp]\nport = 70000\n", "out of range"),
     ("[judge]\naddress = nobody\n", "must be one or more mail addresses"),
     ("[outgoing]\nrelay = justahost\n", "host:port"),
     ("[outgoing]\nstarttls = maybe\n", "yes or no"),
     ("[smtp]\nmax_message_size = 10\n", "below 1 KiB"),
     ("[judge\n", "cannot read")],
)
def test_bad_values_are_named_in_the_error(text: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        settings_from_text(text, Path("/tmp"))


def test_sizes_absolute_urls_and_unknown_options() -> None:
    s = settings_from_text(
        "[smtp]\nmax_message_size = 1M\n[database]\nurl = postgresql://u@h/db\n"
        "[limits]\nbad_passwords = 5\n", Path("/srv/judge"))
    assert s.max_message_size == 1024 * 1024
    assert s.database_url == "postgresql://u@h/db"
    assert s.option("limits", "bad_passwords") == "5"
    assert s.option("limits", "missing", "x") == "x"


def test_settings_are_frozen() -> None:
    with pytest.raises(AttributeError):
        Settings().smtp_port = 1  # type: ignore[misc]
