"""What buyers ask and what the shop answers, per product family and language.

Each entry pairs a question with the answer that fits it, so an answered demo question reads
like a real exchange: sizes are asked about clothes and shoes, compatibility about phone
accessories, opening hours about the shop. Placeholders: {city}, {color}, {size}, {model};
the question and its answer get the same values.
"""

from __future__ import annotations

import random
from typing import Any, Final

Pair = tuple[str, str]

# Family of each demo product (vocab.PRODUCTS titles).
FAMILY: Final[dict[str, str]] = {
    "Auriculares Bluetooth inalámbricos con cancelación de ruido": "audio",
    "Funda de silicona para celular": "phone_case",
    "Cargador rápido USB-C 25W": "charger",
    "Parlante portátil resistente al agua": "speaker",
    "Smartwatch deportivo con GPS": "watch",
    "Mouse inalámbrico ergonómico": "mouse",
    "Teclado mecánico retroiluminado": "keyboard",
    "Zapatillas de running livianas": "footwear",
    "Remera de algodón orgánico": "clothing",
    "Campera impermeable con capucha": "clothing",
    "Mochila urbana para notebook 15\"": "bag",
    "Juego de sábanas 2 plazas 144 hilos": "bedding",
    "Set de sartenes antiadherentes x3": "cookware",
    "Cafetera de émbolo 1 litro": "coffee",
    "Lámpara LED de escritorio regulable": "lamp",
    "Silla gamer reclinable": "chair",
    "Taladro percutor 750W con maletín": "drill",
    "Juego de destornilladores de precisión x24": "screwdrivers",
    "Bicicleta rodado 29 aluminio": "bicycle",
    "Pelota de fútbol profesional N°5": "ball",
    "Mat de yoga antideslizante 6mm": "yoga",
    "Termo de acero inoxidable 1 litro": "thermos",
    "Fone de ouvido sem fio esportivo": "audio",
    "Camiseta dry fit masculina": "clothing",
    "Kit de potes herméticos de vidro x5": "containers",
    "Tênis casual feminino": "footwear",
}

SIZES: Final[dict[tuple[str, str], list[str]]] = {
    ("es", "clothing"): ["S", "M", "L", "XL"], ("es", "footwear"): ["38", "39", "40", "42"],
    ("es", "bicycle"): ["S (15\")", "M (17\")", "L (19\")"],
    ("pt", "clothing"): ["P", "M", "G", "GG"], ("pt", "footwear"): ["35", "36", "37", "39"],
}
COLORS: Final[dict[str, list[str]]] = {"es": ["negro", "blanco", "azul", "rojo", "verde"],
                                       "pt": ["preto", "branco", "azul", "rosa"]}
MODELS: Final = ["Galaxy A54", "iPhone 13", "Moto G84", "Redmi Note 12"]

# Questions any listing gets, with the shop's usual answer.
GENERAL_ES: Final[list[Pair]] = [
    ("¿Hacen envíos a {city}?",
     "¡Hola! Sí, enviamos a {city} y a todo el país. El costo se calcula al poner tu código "
     "postal en la publicación. ¡Saludos!"),
    ("¿Cuánto tarda en llegar a {city}?",
     "Hola, a {city} llega en 2 a 5 días hábiles desde que despachamos. Despachamos dentro "
     "de las 24 h hábiles de acreditado el pago."),
    ("¿Tiene garantía? ¿De cuánto tiempo?",
     "Hola, tiene 6 meses de garantía por defectos de fábrica, con la factura de compra."),
    ("¿Es original?",
     "Hola, sí, es 100% original y sale con factura. ¡Gracias por consultar!"),
    ("¿Aceptan pago en cuotas sin interés?",
     "Hola, sí, tenés hasta 6 cuotas sin interés con tarjetas de crédito bancarias."),
    ("¿Me hacen factura A?",
     "Hola, sí, hacemos factura A. Después de comprar, mandanos tu CUIT por mensaje."),
    ("¿Se puede retirar en persona? ¿Dónde están?",
     "Hola, sí, podés retirar sin cargo por nuestro local de Av. Santa Fe 3253, Palermo, "
     "de lunes a viernes de 10 a 19 h."),
    ("Si compro dos, ¿me hacen descuento?",
     "Hola, llevando dos te hacemos un 10% de descuento. Escribinos antes de comprar y te "
     "armamos la publicación."),
    ("¿Tienen stock? Quiero comprar hoy.",
     "¡Hola! Sí, hay stock disponible. Podés comprar directamente y lo despachamos hoy."),
    ("Ya compré, ¿cuándo lo despachan?",
     "Hola, gracias por tu compra. Se despacha hoy y te llega el código de seguimiento por "
     "mail."),
    ("¿El envío es gratis?",
     "Hola, el envío es gratis en compras desde $60.000; si no, se calcula con tu código "
     "postal."),
]
GENERAL_PT: Final[list[Pair]] = [
    ("Vocês entregam em {city}?",
     "Olá! Sim, entregamos em {city} e em todo o Brasil. O frete é calculado pelo CEP."),
    ("Qual o prazo de entrega para {city}?",
     "Olá, para {city} o prazo é de 3 a 7 dias úteis após a postagem."),
    ("Tem garantia?", "Olá, tem garantia de 3 meses contra defeitos de fabricação."),
    ("É original?", "Olá, sim, é original e vai com nota fiscal."),
    ("Posso parcelar sem juros?", "Olá, sim, em até 6 vezes sem juros no cartão."),
    ("Tem nota fiscal?", "Olá, sim, todos os pedidos vão com nota fiscal."),
    ("Tem em estoque? Quero comprar hoje.",
     "Olá! Sim, temos em estoque. Pode comprar que enviamos hoje."),
]

# Questions only a listing of that family gets.
FAMILY_ES: Final[dict[str, list[Pair]]] = {
    "audio": [
        ("¿Cuánto dura la batería?",
         "Hola, la batería dura unas 20 horas con la cancelación de ruido activada y se carga "
         "en 2 horas."),
        ("¿Sirven para atender llamadas? ¿Tienen micrófono?",
         "Hola, sí, tienen micrófono incorporado para llamadas y asistente de voz."),
        ("¿Son compatibles con {model}?",
         "Hola, sí, funcionan con {model} y con cualquier celular con Bluetooth."),
    ],
    "speaker": [
        ("¿Se puede mojar? ¿Sirve para la pileta?",
         "Hola, sí, es resistente al agua (IPX7): aguanta salpicaduras y una inmersión "
         "breve."),
        ("¿Cuánto dura la batería?", "Hola, dura unas 12 horas a volumen medio."),
        ("¿Tienen el color {color}?",
         "Hola, sí, lo tenemos en {color}. Elegilo al comprar en la publicación."),
    ],
    "phone_case": [
        ("¿Tienen para {model}?",
         "Hola, sí, tenemos la funda para {model}. Elegí el modelo en la publicación."),
        ("¿Tienen en color {color}?", "Hola, sí, la tenemos en {color}."),
        ("¿Protege la cámara?",
         "Hola, sí, tiene un borde elevado que protege la cámara y la pantalla."),
    ],
    "charger": [
        ("¿Carga rápido un {model}?",
         "Hola, sí, carga rápido el {model} con un cable USB-C compatible."),
        ("¿Viene con cable?", "Hola, viene con cable USB-C a USB-C de 1 metro."),
    ],
    "watch": [
        ("¿Es compatible con iPhone?",
         "Hola, sí, funciona con iPhone y con Android mediante la app oficial."),
        ("¿Se puede usar para nadar?",
         "Hola, sí, es sumergible hasta 50 metros y tiene modo natación."),
        ("¿Cuánto dura la batería?",
         "Hola, dura hasta 7 días de uso normal, unas 20 horas con el GPS encendido."),
    ],
    "mouse": [
        ("¿Funciona en Mac?", "Hola, sí, funciona en Mac, Windows y Linux sin instalar nada."),
        ("¿Usa pilas o se carga?",
         "Hola, tiene batería recargable por USB-C; una carga dura unas 6 semanas."),
    ],
    "keyboard": [
        ("¿Tiene la Ñ? ¿Es en español?",
         "Hola, sí, es en español latinoamericano, con Ñ."),
        ("¿Qué switches tiene?",
         "Hola, lo tenemos con switches Red, Blue y Brown; elegís al comprar."),
    ],
    "footwear": [
        ("¿Tienen talle {size}?",
         "Hola, sí, tenemos talle {size}. Elegilo en la publicación antes de comprar."),
        ("¿Calzan normal o conviene pedir un talle más?",
         "Hola, calzan normal. Si estás entre dos talles, te recomendamos el más grande."),
        ("¿Las tienen en {color}?", "Hola, sí, las tenemos en {color}."),
    ],
    "clothing": [
        ("¿Tienen talle {size}?",
         "Hola, sí, hay talle {size}. Elegilo en la publicación antes de comprar."),
        ("¿Cuáles son las medidas del talle {size}?",
         "Hola, en la última foto de la publicación está la tabla de talles con las medidas "
         "del {size}."),
        ("¿Lo tienen en color {color}?", "Hola, sí, lo tenemos en {color}."),
        ("¿Se puede lavar en lavarropas?",
         "Hola, sí, en lavarropas con agua fría y sin secadora."),
    ],
    "bag": [
        ("¿Entra una notebook de 15,6 pulgadas?",
         "Hola, sí, el compartimento acolchado es para notebooks de hasta 15,6\"."),
        ("¿Es impermeable?", "Hola, la tela es repelente al agua; aguanta una lluvia normal."),
    ],
    "bedding": [
        ("¿Le va a un colchón de 140 x 190?",
         "Hola, sí, es para 2 plazas: la sábana ajustable es de 140 x 190 con elástico."),
        ("¿Qué colores tienen?",
         "Hola, la tenemos en blanco, gris, azul y beige."),
    ],
    "cookware": [
        ("¿Sirven para cocina de inducción?",
         "Hola, sí, tienen base apta para inducción, gas y eléctrica."),
        ("¿Se pueden lavar en el lavavajillas?",
         "Hola, sí, aunque lavadas a mano el antiadherente dura más."),
    ],
    "coffee": [
        ("¿Para cuántas tazas es?", "Hola, es de 1 litro: rinde unas 8 tazas."),
        ("¿El vidrio se consigue de repuesto?",
         "Hola, sí, vendemos el vaso de vidrio de repuesto por separado."),
    ],
    "lamp": [
        ("¿Se puede regular la intensidad?",
         "Hola, sí, tiene 5 niveles de brillo y 3 tonos de luz."),
        ("¿Viene con la fuente?", "Hola, sí, viene con cable USB y fuente de 220 V."),
    ],
    "chair": [
        ("¿Cuánto peso aguanta?", "Hola, soporta hasta 120 kg."),
        ("¿Viene armada?",
         "Hola, viene desarmada con las herramientas; se arma en unos 20 minutos."),
        ("¿La tienen en {color}?", "Hola, sí, la tenemos en {color}."),
    ],
    "drill": [
        ("¿Sirve para hormigón?",
         "Hola, sí, con el modo percutor y una mecha de widia perfora hormigón."),
        ("¿Es de 220 V?", "Hola, sí, es de 220 V con cable de 2 metros."),
        ("¿Trae mechas?", "Hola, trae un juego de 5 mechas y el maletín."),
    ],
    "screwdrivers": [
        ("¿Sirve para abrir un {model}?",
         "Hola, sí, trae puntas pentalobe y Phillips 000 para abrir el {model}."),
        ("¿Las puntas son imantadas?", "Hola, sí, el mango tiene punta imantada."),
    ],
    "bicycle": [
        ("Mido 1,75 m, ¿qué talle me conviene?",
         "Hola, para 1,75 m te recomendamos talle M (17\")."),
        ("¿Tienen talle {size}?", "Hola, sí, tenemos talle {size}."),
        ("¿Viene armada?",
         "Hola, viene armada al 90%: solo hay que colocar el manubrio y los pedales."),
    ],
    "ball": [
        ("¿Es número 5 oficial?", "Hola, sí, es N°5 oficial, de 410 a 450 g."),
        ("¿Sirve para jugar en césped sintético?", "Hola, sí, es apta para césped natural y "
                                                     "sintético."),
    ],
    "yoga": [
        ("¿Qué medidas tiene?", "Hola, mide 183 x 61 cm y tiene 6 mm de espesor."),
        ("¿Viene con bolso?", "Hola, viene con correa para llevarla; el bolso no está incluido."),
        ("¿La tienen en {color}?", "Hola, sí, la tenemos en {color}."),
    ],
    "thermos": [
        ("¿Cuánto tiempo mantiene el agua caliente?",
         "Hola, mantiene el agua caliente 24 horas y fría 24 horas."),
        ("¿Tiene pico cebador para el mate?", "Hola, sí, tiene tapón con pico cebador."),
        ("¿Lo tienen en {color}?", "Hola, sí, lo tenemos en {color}."),
    ],
}
FAMILY_PT: Final[dict[str, list[Pair]]] = {
    "audio": [
        ("Quanto tempo dura a bateria?", "Olá, a bateria dura cerca de 8 horas."),
        ("Serve para correr? Fica firme na orelha?",
         "Olá, sim, tem gancho de orelha e resiste ao suor."),
        ("Funciona com {model}?",
         "Olá, sim, funciona com {model} e qualquer celular com Bluetooth."),
    ],
    "clothing": [
        ("Tem tamanho {size}?", "Olá, sim, temos o tamanho {size}. É só escolher no anúncio."),
        ("Quais as medidas do tamanho {size}?",
         "Olá, a tabela de medidas do {size} está na última foto do anúncio."),
        ("Tem na cor {color}?", "Olá, sim, temos na cor {color}."),
    ],
    "containers": [
        ("Pode ir ao micro-ondas?",
         "Olá, o vidro pode ir ao micro-ondas e ao forno; as tampas não."),
        ("As tampas vedam bem?",
         "Olá, sim, as tampas têm trava nos quatro lados e vedação de silicone."),
    ],
    "footwear": [
        ("Tem o {size}?", "Olá, sim, temos o número {size}."),
        ("A forma é normal ou pequena?",
         "Olá, a forma é normal; se ficar entre dois números, escolha o maior."),
        ("Tem na cor {color}?", "Olá, sim, temos na cor {color}."),
    ],
}

# Questions about the shop itself (type "shop", no listing): Spanish, the shop's language.
SHOP_ES: Final[list[Pair]] = [
    ("¿Cuál es el horario de atención?",
     "Hola, atendemos de lunes a viernes de 10 a 19 h y los sábados de 10 a 14 h."),
    ("¿Tienen local a la calle? Quisiera ver los productos.",
     "Hola, sí, nuestro local está en Av. Santa Fe 3253, Palermo. ¡Te esperamos!"),
    ("¿Hacen precio por mayor para revendedores?",
     "Hola, sí, a partir de 10 unidades hay precio mayorista. Escribinos a "
     "ventas@tiendalaplata.com.ar con lo que necesitás."),
    ("¿Qué medios de pago aceptan?",
     "Hola, aceptamos tarjetas de crédito y débito, transferencia y efectivo en el local."),
    ("¿Cómo hago un cambio si no me queda bien?",
     "Hola, tenés 30 días para cambiarlo: escribinos con tu número de compra y te "
     "mandamos la etiqueta de devolución."),
]


def family_of(pub: dict[str, Any] | None) -> str | None:
    return None if pub is None else FAMILY.get(str(pub.get("title")))


def exchange(rng: random.Random, portuguese: bool, city: str,
             pub: dict[str, Any] | None) -> Pair:
    """A question a buyer from `city` asks about `pub` (None: about the shop) and the
    answer the shop gives to it."""
    lang = "pt" if portuguese else "es"
    if pub is None:
        pairs = list(SHOP_ES)
    else:
        family = family_of(pub) or ""
        general = GENERAL_PT if portuguese else GENERAL_ES
        special = (FAMILY_PT if portuguese else FAMILY_ES).get(family, [])
        # Questions about the product itself are as common as the shipping-and-payment ones.
        pairs = general + special * max(1, len(general) // max(len(special), 1))
    question, answer = rng.choice(pairs)
    family = family_of(pub) or ""
    values = {"city": city, "color": rng.choice(COLORS[lang]), "model": rng.choice(MODELS),
              "size": rng.choice(SIZES.get((lang, family), ["M"]))}
    return question.format(**values), answer.format(**values)
