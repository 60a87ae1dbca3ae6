"""Reads TZif files (RFC 8536), the compiled zone files under /usr/share/zoneinfo.

Only what the ICU conversion needs: the 64-bit transition list, the local time
types and the POSIX TZ footer that governs instants after the last transition.
"""

import struct
from dataclasses import dataclass

MAGIC = b"TZif"
_HEADER = struct.Struct(">4sc15x6L")


@dataclass(frozen=True)
class TimeType:
    utoff: int  # seconds east of UTC
    isdst: bool


@dataclass(frozen=True)
class Tzif:
    transitions: tuple  # UTC seconds, ascending
    transition_types: tuple  # index into types, one per transition
    types: tuple  # TimeType
    footer: str  # POSIX TZ string ("" when absent)


class TzifError(ValueError):
    pass


def is_tzif(data: bytes) -> bool:
    return data[:4] == MAGIC


def _read_block(data, offset, counts, time_size):
    isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt = counts
    if leapcnt:
        raise TzifError("leap-second (right/) data is not civil time")
    fmt = "q" if time_size == 8 else "l"
    times = struct.unpack_from(f">{timecnt}{fmt}", data, offset)
    offset += timecnt * time_size
    indices = struct.unpack_from(f">{timecnt}B", data, offset)
    offset += timecnt
    types = []
    for _ in range(typecnt):
        utoff, isdst, _abbr = struct.unpack_from(">lBB", data, offset)
        types.append(TimeType(utoff, bool(isdst)))
        offset += 6
    offset += charcnt + leapcnt * (time_size + 4) + isstdcnt + isutcnt
    if any(i >= typecnt for i in indices):
        raise TzifError("transition refers to a missing type")
    return times, indices, tuple(types), offset


def parse(data: bytes) -> Tzif:
    if not is_tzif(data):
        raise TzifError("not a TZif file")
    _magic, version, *counts = _HEADER.unpack_from(data, 0)
    offset = _HEADER.size
    times, indices, types, offset = _read_block(data, offset, counts, 4)
    footer = ""
    if version >= b"2":
        _magic, _version, *counts = _HEADER.unpack_from(data, offset)
        offset += _HEADER.size
        times, indices, types, offset = _read_block(data, offset, counts, 8)
        tail = data[offset:]
        if not tail.startswith(b"\n"):
            raise TzifError("missing TZ string footer")
        footer = tail[1 : tail.index(b"\n", 1)].decode("ascii")
    if list(times) != sorted(times):
        raise TzifError("transitions are not ascending")
    return Tzif(tuple(times), tuple(indices), types, footer)
