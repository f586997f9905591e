"""Fixed word lists for the demo shop: Latin-American names, places, products, categories."""

from __future__ import annotations

from typing import Final

# Per currency: country id, locale, state (id, name, cities), doc type, phone prefix, zip shape.
COUNTRIES: Final[dict[str, dict[str, object]]] = {
    "ARS": {
        "country": "AR", "doc_type": "DNI", "phone": "+54 11", "lang": "es",
        "states": [("AR-C", "Capital Federal", ["Palermo", "Belgrano", "Caballito"]),
                   ("AR-B", "Buenos Aires", ["La Plata", "Mar del Plata", "Quilmes"]),
                   ("AR-X", "Córdoba", ["Córdoba", "Villa Carlos Paz"]),
                   ("AR-S", "Santa Fe", ["Rosario", "Santa Fe"]),
                   ("AR-M", "Mendoza", ["Mendoza", "Godoy Cruz"])],
    },
    "BRL": {
        "country": "BR", "doc_type": "CPF", "phone": "+55 11", "lang": "pt",
        "states": [("BR-SP", "São Paulo", ["São Paulo", "Campinas", "Santos"]),
                   ("BR-RJ", "Rio de Janeiro", ["Rio de Janeiro", "Niterói"]),
                   ("BR-MG", "Minas Gerais", ["Belo Horizonte", "Uberlândia"]),
                   ("BR-RS", "Rio Grande do Sul", ["Porto Alegre", "Caxias do Sul"])],
    },
    "CLP": {
        "country": "CL", "doc_type": "RUT", "phone": "+56 2", "lang": "es",
        "states": [("CL-RM", "Región Metropolitana", ["Santiago", "Providencia", "Ñuñoa"]),
                   ("CL-VS", "Valparaíso", ["Valparaíso", "Viña del Mar"])],
    },
    "COP": {
        "country": "CO", "doc_type": "CC", "phone": "+57 1", "lang": "es",
        "states": [("CO-DC", "Bogotá D.C.", ["Bogotá"]),
                   ("CO-ANT", "Antioquia", ["Medellín", "Envigado"]),
                   ("CO-VAC", "Valle del Cauca", ["Cali", "Palmira"])],
    },
    "MXN": {
        "country": "MX", "doc_type": "CURP", "phone": "+52 55", "lang": "es",
        "states": [("MX-CMX", "Ciudad de México", ["Coyoacán", "Benito Juárez"]),
                   ("MX-JAL", "Jalisco", ["Guadalajara", "Zapopan"]),
                   ("MX-NLE", "Nuevo León", ["Monterrey", "San Pedro Garza García"])],
    },
    "UYU": {
        "country": "UY", "doc_type": "CI", "phone": "+598 2", "lang": "es",
        "states": [("UY-MO", "Montevideo", ["Montevideo"]),
                   ("UY-CA", "Canelones", ["Ciudad de la Costa", "Las Piedras"])],
    },
    "VEF": {
        "country": "VE", "doc_type": "CI", "phone": "+58 212", "lang": "es",
        "states": [("VE-A", "Distrito Capital", ["Caracas"]),
                   ("VE-M", "Miranda", ["Los Teques", "Petare"]),
                   ("VE-V", "Zulia", ["Maracaibo"])],
    },
    # Currencies the field uses beyond the spec's list (service-notes): field variety only.
    "PEN": {
        "country": "PE", "doc_type": "DNI", "phone": "+51 1", "lang": "es",
        "states": [("PE-LMA", "Lima", ["Miraflores", "San Isidro", "Surco"]),
                   ("PE-ARE", "Arequipa", ["Arequipa"])],
    },
}
COUNTRIES["VES"] = COUNTRIES["VEF"]  # Venezuela's currency since 2018
COUNTRIES["USD"] = COUNTRIES["UYU"]  # Uruguayan listings priced in dollars

# How many local units one demo "unit" is worth; VEF gives the huge amounts of that currency.
CURRENCY_FACTOR: Final[dict[str, int]] = {
    "ARS": 950, "BRL": 5, "CLP": 900, "COP": 4000, "MXN": 17, "UYU": 40, "VEF": 3_600_000,
}
# The field's currencies outside the spec's list (records of the field-variety switch).
FIELD_CURRENCY_FACTOR: Final[dict[str, int]] = {"VES": 250, "USD": 1, "PEN": 4}
ALL_CURRENCY_FACTOR: Final[dict[str, int]] = {**CURRENCY_FACTOR, **FIELD_CURRENCY_FACTOR}
NO_CENTS: Final[frozenset[str]] = frozenset({"CLP", "COP"})
CURRENCY_WEIGHTS: Final[list[tuple[str, int]]] = [
    ("ARS", 46), ("BRL", 16), ("MXN", 12), ("CLP", 8), ("COP", 8), ("UYU", 6), ("VEF", 4),
]

FIRST_ES: Final = ["María", "José", "Juan", "Lucía", "Martina", "Santiago", "Valentina", "Mateo",
                   "Camila", "Sofía", "Diego", "Florencia", "Agustín", "Julieta", "Nicolás",
                   "Carolina", "Andrés", "Paula", "Gabriel", "Ximena", "Tomás", "Renata",
                   "Facundo", "Daniela", "Joaquín", "Mariana", "Ignacio", "Luciana"]
LAST_ES: Final = ["González", "Rodríguez", "Fernández", "López", "Martínez", "García", "Pérez",
                  "Sánchez", "Romero", "Díaz", "Álvarez", "Torres", "Ruiz", "Gómez", "Castro",
                  "Ortiz", "Núñez", "Rojas", "Muñoz", "Herrera", "Medina", "Aguirre", "Peña"]
FIRST_PT: Final = ["João", "Ana", "Pedro", "Beatriz", "Lucas", "Larissa", "Gustavo", "Fernanda",
                   "Rafael", "Juliana", "Thiago", "Camila", "Felipe", "Letícia", "Bruno",
                   "Gabriela", "Rodrigo", "Mariana", "André", "Vitória"]
LAST_PT: Final = ["Silva", "Santos", "Oliveira", "Souza", "Pereira", "Costa", "Carvalho",
                  "Almeida", "Ferreira", "Ribeiro", "Gomes", "Martins", "Araújo", "Barbosa",
                  "Rocha", "Conceição"]
STREETS_ES: Final = ["Av. Santa Fe", "Calle San Martín", "Av. Corrientes", "Calle Belgrano",
                     "Av. Libertador", "Calle Bolívar", "Av. Rivadavia", "Calle Sarmiento",
                     "Av. Insurgentes Sur", "Carrera 7", "Calle 72", "Av. Providencia",
                     "Av. 18 de Julio", "Av. Francisco de Miranda"]
STREETS_PT: Final = ["Rua Augusta", "Av. Paulista", "Rua das Flores", "Rua XV de Novembro",
                     "Av. Atlântica", "Rua da Consolação", "Av. Afonso Pena"]
NEIGHBOURHOODS: Final = ["Centro", "Norte", "Sur", "Jardim América", "Villa Urquiza", "El Prado",
                         "Chapinero", "Polanco", "Pocitos", "Altamira", "Vila Mariana"]
MAIL_DOMAINS: Final = ["gmail.com", "hotmail.com", "yahoo.com.ar", "outlook.com", "uol.com.br",
                       "live.com.mx", "correo.cl"]

# (title, base price in demo units, variation names or empty, category path)
PRODUCTS: Final[list[tuple[str, float, tuple[str, ...]]]] = [
    ("Auriculares Bluetooth inalámbricos con cancelación de ruido", 45.0, ("Color",)),
    ("Funda de silicona para celular", 8.5, ("Color", "Modelo")),
    ("Cargador rápido USB-C 25W", 14.9, ()),
    ("Parlante portátil resistente al agua", 39.0, ("Color",)),
    ("Smartwatch deportivo con GPS", 89.0, ("Color", "Tamaño")),
    ("Mouse inalámbrico ergonómico", 17.5, ()),
    ("Teclado mecánico retroiluminado", 55.0, ("Switch",)),
    ("Zapatillas de running livianas", 62.0, ("Talle", "Color")),
    ("Remera de algodón orgánico", 12.0, ("Talle", "Color")),
    ("Campera impermeable con capucha", 74.0, ("Talle", "Color")),
    ("Mochila urbana para notebook 15\"", 33.0, ("Color",)),
    ("Juego de sábanas 2 plazas 144 hilos", 29.0, ("Color",)),
    ("Set de sartenes antiadherentes x3", 48.0, ()),
    ("Cafetera de émbolo 1 litro", 19.0, ()),
    ("Lámpara LED de escritorio regulable", 22.0, ("Color",)),
    ("Silla gamer reclinable", 160.0, ("Color",)),
    ("Taladro percutor 750W con maletín", 58.0, ()),
    ("Juego de destornilladores de precisión x24", 11.0, ()),
    ("Bicicleta rodado 29 aluminio", 420.0, ("Talle",)),
    ("Pelota de fútbol profesional N°5", 25.0, ()),
    ("Mat de yoga antideslizante 6mm", 16.0, ("Color",)),
    ("Termo de acero inoxidable 1 litro", 27.0, ("Color",)),
    ("Fone de ouvido sem fio esportivo", 35.0, ("Cor",)),
    ("Camiseta dry fit masculina", 14.0, ("Tamanho", "Cor")),
    ("Kit de potes herméticos de vidro x5", 24.0, ()),
    ("Tênis casual feminino", 49.0, ("Tamanho", "Cor")),
]
VARIATION_VALUES: Final[dict[str, list[str]]] = {
    "Color": ["Negro", "Blanco", "Azul", "Rojo", "Verde"], "Cor": ["Preto", "Branco", "Azul"],
    "Modelo": ["Galaxy A54", "iPhone 13", "Moto G84", "Redmi Note 12"],
    "Talle": ["S", "M", "L", "XL", "38", "40", "42"], "Tamanho": ["P", "M", "G", "GG", "37", "39"],
    "Tamaño": ["40 mm", "44 mm"], "Switch": ["Red", "Blue", "Brown"],
}

# Three-level category tree: (name, [(child, [grandchildren])]).
CATEGORY_TREE: Final[list[tuple[str, list[tuple[str, list[str]]]]]] = [
    ("Electrónica", [("Celulares y accesorios", ["Fundas", "Cargadores", "Auriculares"]),
                     ("Computación", ["Teclados", "Mouses", "Monitores"]),
                     ("Audio", ["Parlantes"])]),
    ("Moda", [("Hombre", ["Remeras", "Camperas"]),
              ("Mujer", ["Vestidos", "Calzado"]),
              ("Accesorios", [])]),
    ("Hogar y cocina", [("Cocina", ["Sartenes y ollas", "Cafeteras"]),
                        ("Dormitorio", ["Sábanas"]),
                        ("Iluminación", [])]),
    ("Deportes y fitness", [("Ciclismo", ["Bicicletas", "Cascos"]),
                            ("Fútbol", []),
                            ("Yoga y pilates", [])]),
    ("Herramientas", [("Eléctricas", ["Taladros"]), ("Manuales", [])]),
    ("Otros", []),
]
