"""Names of the provinces and states of the service's countries (ISO 3166-2), for the shop
record, which gives only their codes ("AR-C").

A table of our own: Babel names countries but not their subdivisions, and the service's own
lookup resource for them is not part of the client. Names are as written in the country
itself (one language per country). A code not in the table is shown as it came.
"""

from __future__ import annotations

_REGIONS: dict[str, dict[str, str]] = {
    "AR": {
        "C": "Ciudad Autónoma de Buenos Aires", "B": "Buenos Aires", "K": "Catamarca",
        "H": "Chaco", "U": "Chubut", "X": "Córdoba", "W": "Corrientes", "E": "Entre Ríos",
        "P": "Formosa", "Y": "Jujuy", "L": "La Pampa", "F": "La Rioja", "M": "Mendoza",
        "N": "Misiones", "Q": "Neuquén", "R": "Río Negro", "A": "Salta", "J": "San Juan",
        "D": "San Luis", "Z": "Santa Cruz", "S": "Santa Fe", "G": "Santiago del Estero",
        "V": "Tierra del Fuego", "T": "Tucumán",
    },
    "BR": {
        "AC": "Acre", "AL": "Alagoas", "AP": "Amapá", "AM": "Amazonas", "BA": "Bahia",
        "CE": "Ceará", "DF": "Distrito Federal", "ES": "Espírito Santo", "GO": "Goiás",
        "MA": "Maranhão", "MT": "Mato Grosso", "MS": "Mato Grosso do Sul",
        "MG": "Minas Gerais", "PA": "Pará", "PB": "Paraíba", "PR": "Paraná",
        "PE": "Pernambuco", "PI": "Piauí", "RJ": "Rio de Janeiro",
        "RN": "Rio Grande do Norte", "RS": "Rio Grande do Sul", "RO": "Rondônia",
        "RR": "Roraima", "SC": "Santa Catarina", "SP": "São Paulo", "SE": "Sergipe",
        "TO": "Tocantins",
    },
    "CL": {
        "AI": "Aysén", "AN": "Antofagasta", "AP": "Arica y Parinacota", "AR": "La Araucanía",
        "AT": "Atacama", "BI": "Biobío", "CO": "Coquimbo",
        "LI": "Libertador General Bernardo O'Higgins", "LL": "Los Lagos", "LR": "Los Ríos",
        "MA": "Magallanes", "ML": "Maule", "NB": "Ñuble",
        "RM": "Región Metropolitana de Santiago", "TA": "Tarapacá", "VS": "Valparaíso",
    },
    "CO": {
        "DC": "Bogotá, D.C.", "AMA": "Amazonas", "ANT": "Antioquia", "ARA": "Arauca",
        "ATL": "Atlántico", "BOL": "Bolívar", "BOY": "Boyacá", "CAL": "Caldas",
        "CAQ": "Caquetá", "CAS": "Casanare", "CAU": "Cauca", "CES": "Cesar", "CHO": "Chocó",
        "COR": "Córdoba", "CUN": "Cundinamarca", "GUA": "Guainía", "GUV": "Guaviare",
        "HUI": "Huila", "LAG": "La Guajira", "MAG": "Magdalena", "MET": "Meta",
        "NAR": "Nariño", "NSA": "Norte de Santander", "PUT": "Putumayo", "QUI": "Quindío",
        "RIS": "Risaralda", "SAP": "San Andrés, Providencia y Santa Catalina",
        "SAN": "Santander", "SUC": "Sucre", "TOL": "Tolima", "VAC": "Valle del Cauca",
        "VAU": "Vaupés", "VID": "Vichada",
    },
    "MX": {
        "AGU": "Aguascalientes", "BCN": "Baja California", "BCS": "Baja California Sur",
        "CAM": "Campeche", "CHP": "Chiapas", "CHH": "Chihuahua", "CMX": "Ciudad de México",
        "COA": "Coahuila", "COL": "Colima", "DUR": "Durango", "GUA": "Guanajuato",
        "GRO": "Guerrero", "HID": "Hidalgo", "JAL": "Jalisco", "MEX": "Estado de México",
        "MIC": "Michoacán", "MOR": "Morelos", "NAY": "Nayarit", "NLE": "Nuevo León",
        "OAX": "Oaxaca", "PUE": "Puebla", "QUE": "Querétaro", "ROO": "Quintana Roo",
        "SLP": "San Luis Potosí", "SIN": "Sinaloa", "SON": "Sonora", "TAB": "Tabasco",
        "TAM": "Tamaulipas", "TLA": "Tlaxcala", "VER": "Veracruz", "YUC": "Yucatán",
        "ZAC": "Zacatecas",
    },
    "PE": {
        "AMA": "Amazonas", "ANC": "Áncash", "APU": "Apurímac", "ARE": "Arequipa",
        "AYA": "Ayacucho", "CAJ": "Cajamarca", "CAL": "Callao", "CUS": "Cusco",
        "HUV": "Huancavelica", "HUC": "Huánuco", "ICA": "Ica", "JUN": "Junín",
        "LAL": "La Libertad", "LAM": "Lambayeque", "LIM": "Lima",
        "LMA": "Lima Metropolitana", "LOR": "Loreto", "MDD": "Madre de Dios",
        "MOQ": "Moquegua", "PAS": "Pasco", "PIU": "Piura", "PUN": "Puno",
        "SAM": "San Martín", "TAC": "Tacna", "TUM": "Tumbes", "UCA": "Ucayali",
    },
    "UY": {
        "AR": "Artigas", "CA": "Canelones", "CL": "Cerro Largo", "CO": "Colonia",
        "DU": "Durazno", "FS": "Flores", "FD": "Florida", "LA": "Lavalleja",
        "MA": "Maldonado", "MO": "Montevideo", "PA": "Paysandú", "RN": "Río Negro",
        "RV": "Rivera", "RO": "Rocha", "SA": "Salto", "SJ": "San José", "SO": "Soriano",
        "TA": "Tacuarembó", "TT": "Treinta y Tres",
    },
    "VE": {
        "A": "Distrito Capital", "B": "Anzoátegui", "C": "Apure", "D": "Aragua",
        "E": "Barinas", "F": "Bolívar", "G": "Carabobo", "H": "Cojedes", "I": "Falcón",
        "J": "Guárico", "K": "Lara", "L": "Mérida", "M": "Miranda", "N": "Monagas",
        "O": "Nueva Esparta", "P": "Portuguesa", "R": "Sucre", "S": "Táchira",
        "T": "Trujillo", "U": "Yaracuy", "V": "Zulia", "W": "Dependencias Federales",
        "X": "La Guaira", "Y": "Delta Amacuro", "Z": "Amazonas",
    },
}


def region_name(code: str | None, country: str | None = None) -> str:
    """ "AR-C" -> "Ciudad Autónoma de Buenos Aires"; a bare "C" is read in `country`. A code
    the table does not know (or a name already) comes back as it came, stripped."""
    text = (code or "").strip()
    head, dash, tail = text.upper().partition("-")
    if dash:
        country_code, sub = head, tail
    else:
        country_code, sub = (country or "").strip().upper(), head
    return _REGIONS.get(country_code, {}).get(sub, text)
