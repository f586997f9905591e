from PySide6.QtCore import Qt
from tests.gui.orders.test_writes import open_pending_order

def test_dbg(panel, qtbot):
    open_pending_order(panel, qtbot)
    form = panel.detail.invoice_form
    print("visible form", form.isVisible(), form.isEnabled(), form.invoiced.isVisible(), form.invoiced.isChecked())
    form.invoiced.setChecked(False)
    form.number.clear()
    qtbot.mouseClick(form.invoiced, Qt.MouseButton.LeftButton)
    print("checked", form.invoiced.isChecked(), repr(form.number.text()))
    form.request()
    print("problem", form.problem.isVisible(), form.problem.isHidden(), repr(form.problem.text()))
