"""The choice of conversation for the view's picture (`InboxPanel.prepare_snapshot`).

The list's rules (status, channel, order, words) are the services' (`services/inbox_list.py`):
the window, its first paint and the command line list conversations the same way.
"""

from __future__ import annotations

from sellerdesk.services.session import Session
from sellerdesk.services.triage import InboxThread


async def pick_snapshot_thread(services: Session, threads: list[InboxThread]
                               ) -> InboxThread | None:
    """The thread for the picture: answered, waiting and queued questions at once if any
    has them; else answered and unanswered; else one with a queued answer."""
    best, best_score = None, -1
    for thread in threads:
        conversation = await services.inbox.read_conversation(thread.id)
        questions = conversation.questions
        queued = any(q.answer_state == "queued" for q in questions)
        answered = any(q.question.answer is not None for q in questions)
        waiting = any(q.can_answer for q in questions)
        mixed = answered and (waiting or queued)
        score = 8 * (mixed and queued) + 4 * mixed + 2 * queued + waiting
        if score > best_score:
            best, best_score = thread, score
    return best
