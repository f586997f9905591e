from sellerdesk.ui.inbox.panel import InboxPanel


def test_render(panel: InboxPanel, qtbot, shots_dir) -> None:
    qtbot.wait(300)
    panel.grab().save(str(shots_dir / "smoke.png"))
