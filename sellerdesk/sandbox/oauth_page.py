"""The sandbox's authorization page: plain HTML, no scripts, every echoed value escaped."""

from __future__ import annotations

from html import escape

APP_NAMES = {"sellerdesk-demo": "SellerDesk"}

_STYLE = ("body{font-family:sans-serif;max-width:32em;margin:3em auto;color:#1f2937}"
          "button{font-size:1em;padding:.5em 1.5em;margin-right:1em}"
          "code{font-size:1.2em;background:#f3f4f6;padding:.3em;word-break:break-all}")


def _page(title: str, body: str) -> str:
    return (f"<!DOCTYPE html><html lang=\"es\"><head><meta charset=\"utf-8\">"
            f"<title>{escape(title)}</title><style>{_STYLE}</style></head>"
            f"<body>{body}</body></html>")


def app_name(client_id: str) -> str:
    return APP_NAMES.get(client_id, client_id)


def consent(fields: dict[str, str], shop_name: str, shop_id: int, show_code: bool) -> str:
    """The Allow / Deny form; it posts the same fields back to /authorization."""
    hidden = "".join(f"<input type=\"hidden\" name=\"{escape(k)}\" value=\"{escape(v)}\">"
                     for k, v in fields.items())
    if show_code:
        hidden += "<input type=\"hidden\" name=\"display\" value=\"page\">"
    app = escape(app_name(fields["client_id"]))
    return _page(f"Autorizar {app_name(fields['client_id'])}", (
        f"<h1>{app} quiere acceder a tu tienda</h1>"
        f"<p>Tienda: <strong>{escape(shop_name)}</strong> (id {shop_id})</p>"
        "<p>Podrá leer y responder preguntas, ver y actualizar ventas, y administrar los "
        "códigos de seguimiento.</p>"
        f"<form method=\"post\" action=\"/authorization\">{hidden}"
        "<button type=\"submit\" name=\"decision\" value=\"allow\">Permitir</button>"
        "<button type=\"submit\" name=\"decision\" value=\"deny\">Cancelar</button>"
        "</form><p><small>Sandbox de SellerDesk: no se pide contraseña.</small></p>"))


def show_code(code: str, client_id: str, continue_url: str) -> str:
    """For an app whose redirect is not on this machine: the code to paste into it."""
    return _page("Código de autorización", (
        f"<h1>Listo: copiá este código en {escape(app_name(client_id))}</h1>"
        f"<p><code id=\"code\">{escape(code)}</code></p>"
        "<p>Vence en 10 minutos y sirve una sola vez.</p>"
        f"<p><a href=\"{escape(continue_url)}\">Continuar a la aplicación</a></p>"))


def problem(message: str) -> str:
    return _page("No se pudo autorizar", f"<h1>No se pudo autorizar</h1><p>{escape(message)}"
                                         "</p>")
