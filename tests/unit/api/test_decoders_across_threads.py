"""Two threads making decoders for the same new model classes at once: msgspec builds a
class's decoding information on first use, and two threads building it together crashed the
process (SIGSEGV; the order decoder's warm-up thread against the command line's first decode
of an order). `decoding.decoder` builds one at a time. Run in a child process: a crash must
fail this test, not take the test worker down with it."""

from __future__ import annotations

import subprocess
import sys
import textwrap

RACE = textwrap.dedent('''
    import sys, threading
    sys.setswitchinterval(1e-6)  # switch threads as often as the interpreter can
    import msgspec
    from sellerdesk.api.decoding import decoder

    for i in range(300):
        class Leaf(msgspec.Struct):
            a: int | None = None
            b: list[int] | None = None
        class Mid(msgspec.Struct):
            leaf: Leaf | None = None
            leaves: list[Leaf] | None = None
        class Top(msgspec.Struct):
            mid: Mid | None = None
            mids: list[Mid] | None = None
        go = threading.Barrier(2)
        def page(top=Top):
            go.wait()
            decoder(list[top]).decode(b'[{"mid": {"leaf": {"a": 1}}}]')
        def one(mid=Mid):
            go.wait()
            decoder(mid).decode(b'{"leaf": {"a": 2}}')
        threads = [threading.Thread(target=page), threading.Thread(target=one)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    print("decoded")
''')


def test_decoders_made_on_two_threads_at_once_do_not_crash() -> None:
    done = subprocess.run([sys.executable, "-c", RACE], capture_output=True, text=True,
                          timeout=300)
    assert (done.returncode, done.stdout.strip()) == (0, "decoded"), done.stderr[-2000:]
