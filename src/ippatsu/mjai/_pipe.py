"""A subprocess spoken to in lines: writes with a deadline, reads one line with a
deadline, stderr kept (its last bytes) by a reader thread, the process group killed on
close. Nothing here blocks without a deadline: a bot that never reads, never writes,
writes without a newline or exits is reported as a :class:`PipeFault`, never a hang."""
from __future__ import annotations

import collections
import os
import select
import signal
import subprocess
import threading
import time
from typing import List, Optional, Sequence

__all__ = ["Pipe", "PipeFault"]


class PipeFault(Exception):
    """What went wrong on the pipe: ``kind`` is one of ``timeout``, ``exit``, ``flood``,
    ``write``."""

    def __init__(self, kind: str, detail: str):
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.detail = detail


class _Tail:
    """The last ``limit`` bytes read from a stream (a daemon thread drains it)."""

    def __init__(self, stream, limit: int):
        self.buf: collections.deque = collections.deque()
        self.size = 0
        self.total = 0
        self.limit = limit
        self.lock = threading.Lock()
        self.fd = stream.fileno()
        self.thread = threading.Thread(target=self._drain, args=(stream,), daemon=True)
        self.thread.start()

    def settle(self, timeout: float = 0.5) -> None:
        """Give the drain thread the time to take what is already written (or the end of
        the stream): a fault's report wants the bot's last words, and the thread may not
        have run since they were written. The thread reads only under the lock, so with
        the lock held and nothing waiting in the pipe every byte written is in the
        buffer."""
        deadline = time.monotonic() + timeout
        while self.thread.is_alive() and time.monotonic() < deadline:
            with self.lock:
                try:
                    ready, _, _ = select.select([self.fd], [], [], 0)
                except (OSError, ValueError):   # closed
                    return
                if not ready:
                    return
            time.sleep(0.002)

    def _drain(self, stream) -> None:
        fd = stream.fileno()
        os.set_blocking(fd, False)
        while True:
            try:
                select.select([fd], [], [], 0.1)
            except (OSError, ValueError):
                return
            with self.lock:
                try:
                    chunk = os.read(fd, 65536)
                except BlockingIOError:
                    continue
                except OSError:
                    return
                if not chunk:
                    return
                self.buf.append(chunk)
                self.size += len(chunk)
                self.total += len(chunk)
                while self.size - len(self.buf[0]) >= self.limit:
                    self.size -= len(self.buf.popleft())

    def text(self) -> str:
        with self.lock:
            data = b"".join(self.buf)[-self.limit:]
        return data.decode("utf-8", "replace")


class Pipe:
    """Pipe(argv, *, cwd=None, env=None, max_line=1 MiB, stderr_limit=64 KiB): the
    process runs at once, in its own process group."""

    def __init__(self, argv: Sequence[str], *, cwd=None, env=None, max_line: int = 1 << 20,
                 stderr_limit: int = 1 << 16):
        self.argv = list(argv)
        self.max_line = max_line
        self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, bufsize=0, cwd=cwd, env=env,
                                     start_new_session=True)
        self._in = self.proc.stdin.fileno()
        self._out = self.proc.stdout.fileno()
        os.set_blocking(self._in, False)
        os.set_blocking(self._out, False)
        self._buf = bytearray()
        self._eof = False
        self.stderr = _Tail(self.proc.stderr, stderr_limit)

    # ------------------------------------------------------------------ writing
    def write(self, data: bytes, timeout: float) -> None:
        """Write all of ``data`` within ``timeout`` seconds."""
        view = memoryview(data)
        deadline = time.monotonic() + timeout
        while view:
            try:
                n = os.write(self._in, view)
                view = view[n:]
                continue
            except BlockingIOError:
                pass
            except (BrokenPipeError, OSError) as e:
                raise PipeFault("exit", f"cannot write to the bot ({e.__class__.__name__}); "
                                f"{self._status()}") from None
            left = deadline - time.monotonic()
            if left <= 0:
                raise PipeFault("timeout", "the bot reads nothing (its input is full)")
            select.select([], [self._in], [], left)

    # ------------------------------------------------------------------ reading
    def _fill(self, timeout: float) -> bool:
        """Read what is there (waiting at most ``timeout``); False at end of file."""
        if self._eof:
            return False
        r, _, _ = select.select([self._out], [], [], max(timeout, 0.0))
        if not r:
            return True
        try:
            chunk = os.read(self._out, 1 << 16)
        except BlockingIOError:
            return True
        except OSError:
            chunk = b""
        if not chunk:
            self._eof = True
            return False
        self._buf += chunk
        return True

    def _take_line(self) -> Optional[bytes]:
        i = self._buf.find(b"\n")
        if i < 0:
            if len(self._buf) > self.max_line:
                raise PipeFault("flood", f"more than {self.max_line} bytes without a newline")
            return None
        if i > self.max_line:
            raise PipeFault("flood", f"a line of more than {self.max_line} bytes")
        line = bytes(self._buf[:i])
        del self._buf[:i + 1]
        return line

    def readline(self, timeout: float) -> bytes:
        """The next non-empty line (without its newline), within ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            line = self._take_line()
            if line is not None:
                if line.strip():
                    return line
                continue
            left = deadline - time.monotonic()
            if left <= 0:
                raise PipeFault("timeout", f"no answer within {timeout:g} s")
            if not self._fill(left):
                line = self._take_line()
                if line is not None and line.strip():
                    return line
                raise PipeFault("exit", f"the bot closed its output; {self._status()}")

    def pending(self) -> List[bytes]:
        """The complete non-empty lines already written and not yet read (nothing waits;
        at most ``max_line`` bytes are taken in, so a bot that floods cannot hold the
        host here)."""
        start = len(self._buf)
        while len(self._buf) - start <= self.max_line:
            r, _, _ = select.select([self._out], [], [], 0)
            if not r or not self._fill(0.0):
                break
        if len(self._buf) - start > self.max_line:
            raise PipeFault("flood", f"more than {self.max_line} bytes written unasked")
        out = []
        while True:
            line = self._take_line()
            if line is None:
                return out
            if line.strip():
                out.append(line)

    # ------------------------------------------------------------------ life
    def alive(self) -> bool:
        return self.proc.poll() is None

    def _status(self) -> str:
        try:
            code = self.proc.wait(timeout=0.2)
        except subprocess.TimeoutExpired:
            return "the process is still running"
        if code < 0:
            try:
                return f"the process was killed by {signal.Signals(-code).name}"
            except ValueError:
                return f"the process was killed by signal {-code}"
        return f"the process exited with status {code}"

    def close(self, grace: float = 0.5) -> None:
        """Close its input, give it ``grace`` seconds, then kill its process group."""
        p = self.proc
        try:
            p.stdin.close()
        except OSError:
            pass
        try:
            p.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                p.kill()
            p.wait()
        self.stderr.thread.join(timeout=1.0)
        for f in (p.stdout, p.stderr):
            try:
                f.close()
            except OSError:
                pass
