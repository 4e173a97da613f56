"""The judge's configuration: judge.conf (INI) read once into a frozen Settings value."""

from __future__ import annotations

import configparser
import os
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from types import MappingProxyType
from typing import Any

CONFIG_ENV = "JUDGE_CONFIG"
DEFAULT_CONFIG_NAME = "judge.conf"
DEFAULT_DATABASE_URL = "sqlite:///var/judge.db"
DEFAULT_MAX_MESSAGE_SIZE = 256 * 1024


class ConfigError(ValueError):
    """judge.conf is missing, unreadable or holds a value that makes no sense."""


@dataclass(frozen=True, slots=True)
class Settings:
    """Every option of judge.conf, typed; relative paths already resolved.

    ``addresses`` are the judge's own mail addresses (lower case); the first is the
    From address of everything the judge sends. ``options`` keeps every section as
    read, so a module can look up an option this class does not name yet.
    """

    addresses: tuple[str, ...] = ("judge@localhost",)
    keeper: str = "keeper@localhost"
    name: str = "judge"
    smtp_host: str = "127.0.0.1"
    smtp_port: int = 2525
    max_message_size: int = DEFAULT_MAX_MESSAGE_SIZE
    database_url: str = DEFAULT_DATABASE_URL
    relay: tuple[str, int] | None = None
    relay_starttls: bool = False
    relay_username: str = ""
    relay_password: str = ""
    maildir: Path = Path("var/outbox")
    max_attempts: int = 8
    retry_base_seconds: float = 60.0
    poll_seconds: float = 1.0
    keep_raw_days: float = 3.0
    replies_per_hour: int = 10
    var_dir: Path = Path("var")
    source: Path | None = None
    options: Mapping[str, Mapping[str, str]] = field(
        default_factory=lambda: MappingProxyType({})
    )

    @property
    def address(self) -> str:
        """The judge's main address: From of every outgoing mail."""
        return self.addresses[0]

    def is_judge_address(self, address: str) -> bool:
        """Whether mail to ``address`` is for this judge (case-insensitive)."""
        return address.strip().lower() in self.addresses

    def option(self, section: str, key: str, default: str = "") -> str:
        """A raw option by section and key, for options this class does not name."""
        return self.options.get(section, {}).get(key, default)

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        """Pickled with ``options`` as plain dicts (a child process of ``judge serve``
        gets its settings so); unpickled read-only again."""
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        values["options"] = {s: dict(o) for s, o in self.options.items()}
        return _unpickled_settings, (values,)


def _unpickled_settings(values: dict[str, Any]) -> Settings:
    options = values.pop("options")
    return Settings(**values, options=MappingProxyType(
        {s: MappingProxyType(o) for s, o in options.items()}))


def config_path(explicit: str | os.PathLike[str] | None = None) -> Path | None:
    """Where judge.conf is: ``--config``, else $JUDGE_CONFIG, else ./judge.conf if present."""
    if explicit:
        return Path(explicit)
    env = os.environ.get(CONFIG_ENV)
    if env:
        return Path(env)
    here = Path.cwd() / DEFAULT_CONFIG_NAME
    return here if here.is_file() else None


def load_settings(path: str | os.PathLike[str] | None = None) -> Settings:
    """Read judge.conf (found by :func:`config_path`); no file means every default.

    Relative paths (the SQLite file in ``[database] url``, ``[outgoing] maildir``,
    ``[judge] var``) are taken relative to the directory holding the config file,
    or to the current directory when there is no file.
    """
    found = config_path(path)
    parser = configparser.ConfigParser(interpolation=None)
    if found is not None:
        if not found.is_file():
            raise ConfigError(f"configuration file {found} does not exist")
        try:
            with found.open(encoding="utf-8") as f:
                parser.read_file(f)
        except (OSError, configparser.Error, UnicodeDecodeError) as e:
            raise ConfigError(f"cannot read {found}: {e}") from None
    base = (found.parent if found is not None else Path.cwd()).resolve()
    return settings_from_parser(parser, base, found)


def settings_from_text(text: str, base: Path) -> Settings:
    """Settings from INI text, relative paths taken from ``base`` (tests, tools)."""
    parser = configparser.ConfigParser(interpolation=None)
    try:
        parser.read_string(text)
    except configparser.Error as e:
        raise ConfigError(f"cannot read configuration: {e}") from None
    return settings_from_parser(parser, base.resolve(), None)


def settings_from_parser(
    parser: configparser.ConfigParser, base: Path, source: Path | None
) -> Settings:
    """Turn parsed INI sections into Settings, checking every value we know."""
    def get(section: str, key: str, default: str) -> str:
        return parser.get(section, key, fallback=default).strip()

    addresses = tuple(
        a.strip().lower()
        for a in get("judge", "address", "judge@localhost").replace(",", " ").split()
        if a.strip()
    )
    if not addresses or any("@" not in a for a in addresses):
        raise ConfigError("[judge] address must be one or more mail addresses")
    keeper = get("judge", "keeper", "")
    if keeper and "@" not in keeper:
        raise ConfigError(f"[judge] keeper {keeper!r} is not a mail address")
    var_dir = _path(get("judge", "var", "var"), base)
    return Settings(
        addresses=addresses,
        keeper=keeper or f"keeper@{addresses[0].split('@', 1)[1]}",
        name=get("judge", "name", "judge") or "judge",
        smtp_host=get("smtp", "host", "127.0.0.1"),
        smtp_port=_int(get("smtp", "port", "2525"), "[smtp] port", 0, 65535),
        max_message_size=_size(get("smtp", "max_message_size", str(DEFAULT_MAX_MESSAGE_SIZE))),
        database_url=database_url(get("database", "url", DEFAULT_DATABASE_URL), base),
        relay=_relay(get("outgoing", "relay", "")),
        relay_starttls=_bool(get("outgoing", "starttls", "no"), "[outgoing] starttls"),
        relay_username=get("outgoing", "username", ""),
        relay_password=get("outgoing", "password", ""),
        maildir=_path(get("outgoing", "maildir", "var/outbox"), base),
        max_attempts=_int(get("outgoing", "max_attempts", "8"), "[outgoing] max_attempts", 1),
        retry_base_seconds=_float(
            get("outgoing", "retry_seconds", "60"), "[outgoing] retry_seconds"
        ),
        poll_seconds=_float(get("worker", "poll_seconds", "1"), "[worker] poll_seconds"),
        keep_raw_days=_float(get("storage", "keep_raw_days", "3"), "[storage] keep_raw_days"),
        replies_per_hour=_int(get("security", "replies_per_hour", "10"),
                              "[security] replies_per_hour", 1),
        var_dir=var_dir,
        source=source,
        options=MappingProxyType(
            {s: MappingProxyType(dict(parser.items(s))) for s in parser.sections()}
        ),
    )


def database_url(url: str, base: Path) -> str:
    """A SQLite URL with a relative file path made absolute against ``base``."""
    prefix = "sqlite:///"
    if url.startswith(prefix) and not url.startswith("sqlite:////"):
        rest = url[len(prefix):]
        if rest and not rest.startswith(":memory:") and not rest.startswith("file:"):
            path, sep, query = rest.partition("?")
            return prefix + str(_path(path, base)) + sep + query
    return url


def _path(text: str, base: Path) -> Path:
    p = Path(text).expanduser()
    return p if p.is_absolute() else base / p


def _int(text: str, what: str, low: int, high: int | None = None) -> int:
    try:
        value = int(text)
    except ValueError:
        raise ConfigError(f"{what} must be a whole number, not {text!r}") from None
    if value < low or (high is not None and value > high):
        raise ConfigError(f"{what} {value} is out of range")
    return value


def _float(text: str, what: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise ConfigError(f"{what} must be a number, not {text!r}") from None
    if value < 0:
        raise ConfigError(f"{what} must not be negative")
    return value


def _bool(text: str, what: str) -> bool:
    lowered = text.lower()
    if lowered in ("yes", "true", "on", "1"):
        return True
    if lowered in ("no", "false", "off", "0", ""):
        return False
    raise ConfigError(f"{what} must be yes or no, not {text!r}")


def _size(text: str) -> int:
    units = {"k": 1024, "m": 1024 * 1024}
    lowered = text.lower().removesuffix("b").removesuffix("i")
    factor = units.get(lowered[-1:], 1)
    digits = lowered[:-1] if lowered[-1:] in units else lowered
    size = _int(digits.strip(), "[smtp] max_message_size", 1) * factor
    if size < 1024:
        raise ConfigError(f"[smtp] max_message_size {text!r} is below 1 KiB")
    return size


def _relay(text: str) -> tuple[str, int] | None:
    if not text:
        return None
    host, sep, port = text.rpartition(":")
    if not sep or not host:
        raise ConfigError(f"[outgoing] relay must be host:port, not {text!r}")
    return host.strip("[]"), _int(port, "[outgoing] relay port", 1, 65535)
