"""The seller's queued writes, from the moment they are saved to the moment they settle.

- `pending`: what the seller has changed and the shop does not have yet, per record (the
  read side every view uses).
- `sender`: the outbox service that sends queued writes in rounds; `batches` records their
  successes; `subjects` says which record each entry is about.
- `settle`: the payloads of the writes and how to tell on the server whether one was already
  applied; `created` recognises a tracking code our create made.
- `discard`: what a discard may drop, and what it must check on the shop first.
- `reading`: the Qt-free reading of an entry's payload and conflict for the outbox view.

Nothing is imported here: each part loads when it is used (the command line's start reads
`pending` without the sender's network layer).
"""
