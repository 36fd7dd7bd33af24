"""Load on the web server: many tables between built-in agents at once, each watched by
many spectator sockets, on loopback.

Starts `sparring serve` in a process of its own over a throwaway store, creates the tables
(default 20), opens the spectator sockets (default 200, spread evenly) as soon as each
table exists, and reads every frame until every table is finished. Checks that each socket
saw consecutive `seq` numbers from its first frame to the last (no frame lost or
reordered) and reports, as one JSON line, the time from each decision being stored to its
frame arriving at a spectator (median and 99th percentile, milliseconds; the frame's
``at`` is when the server stored the decision, on the same clock).

Run: ``python benchmarks/web_load.py [--game G] [--tables 20] [--spectators 200]
[--pace 0.02]``. Exit code 1 if any frame was lost or reordered.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import msgspec
from websockets.asyncio.client import connect


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(db: str, port: int, pace: float) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-c", "from sparring.cli import main; main()", "serve"]
    command += ["--port", str(port), "--db", db, "--pace", str(pace)]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2).status_code == 200:
                return server
        except httpx.HTTPError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("the server did not start within 60 s")


class Header(msgspec.Struct):
    """What the benchmark reads of a message (msgspec skips the rest, the view included,
    so the reader's own parsing does not hold the frames up)."""

    type: str
    seq: int = 0
    at: float = 0.0
    finished: bool = False


READ = msgspec.json.Decoder(Header)


class Watch:
    """One spectator socket's record: the seqs it saw and each frame's latency."""

    def __init__(self) -> None:
        self.seqs: list[int] = []
        self.latencies: list[float] = []

    def gaps(self) -> int:
        """Frames lost or out of order: every step from one seq to the next must be +1."""
        return sum(b - a != 1 for a, b in zip(self.seqs, self.seqs[1:], strict=False))


async def spectate(url: str, watch: Watch) -> None:
    async with connect(url, max_size=None, compression=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": None}))
        async for text in ws:
            arrived = time.time()
            frame = READ.decode(text)
            if frame.type != "frame":
                continue
            if watch.seqs:  # the first frame is the state at joining, not a broadcast
                watch.latencies.append(arrived - frame.at)
            watch.seqs.append(frame.seq)
            if frame.finished:
                return


async def run(game: str, tables: int, spectators: int, port: int) -> dict[str, Any]:
    base = f"http://127.0.0.1:{port}"
    seats = [{"kind": "builtin", "agent": "random"}, {"kind": "builtin", "agent": "random"}]
    watches: list[Watch] = []
    tasks = []
    started = time.monotonic()
    async with httpx.AsyncClient(timeout=60) as client:
        for number in range(tables):
            body = {"game": game, "seed": number, "seats": seats}
            made = (await client.post(f"{base}/api/tables", json=body)).json()
            url = base.replace("http://", "ws://") + f"/ws/table/{made['table']}"
            share = spectators // tables + (number < spectators % tables)
            for _ in range(share):
                watch = Watch()
                watches.append(watch)
                tasks.append(asyncio.create_task(spectate(url, watch)))
    await asyncio.gather(*tasks)
    latencies = sorted(latency for watch in watches for latency in watch.latencies)
    return {
        "game": game,
        "tables": tables,
        "spectators": len(watches),
        "frames": sum(len(watch.seqs) for watch in watches),
        "lost_or_reordered": sum(watch.gaps() for watch in watches),
        "latency_ms_median": round(1000 * statistics.median(latencies), 2),
        "latency_ms_p99": round(1000 * latencies[int(0.99 * (len(latencies) - 1))], 2),
        "seconds": round(time.monotonic() - started, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="aquawar")
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--spectators", type=int, default=200)
    parser.add_argument("--pace", type=float, default=0.02)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server = start_server(f"sqlite:///{Path(folder) / 'load.db'}", port, arguments.pace)
        try:
            report = asyncio.run(run(arguments.game, arguments.tables, arguments.spectators, port))
        finally:
            server.terminate()
            server.wait(30)
    print(json.dumps(report))
    sys.exit(1 if report["lost_or_reordered"] else 0)


if __name__ == "__main__":
    main()
