"""Order and its parts (spec: Order). Money is `Decimal`; every field may be null; ids the
field sends as numbers where the spec says STRING are read as `Text`. `external_reference`
is NUMERIC in the spec, but merchants' systems fill it with their own text
("idDeLaBaseDeDatos"): it is `Text` too, kept as it came. Money is vital in an order and its
parts (`Model.MONEY_IS_VITAL`): an order whose amounts cannot be read is not read."""

from __future__ import annotations

from decimal import Decimal
from typing import Any, ClassVar

from sellerdesk.api.base import Model, Text, Timestamp, as_text, check_money
from sellerdesk.api.enums import (
    Channel,
    ContactDataStatus,
    Currency,
    PaymentStatus,
    ShippingStatus,
    ShipType,
)


class OrderStatus(Model):
    delivered: bool | None = None
    paid: bool | None = None
    closed: bool | None = None
    closed_reason: str | None = None
    closed_date: Timestamp | None = None
    processed: bool | None = None
    processed_date: Timestamp | None = None
    contact_data_status: ContactDataStatus | None = None
    order_status: str | None = None


class Buyer(Model):
    id: int | None = None
    market_cust_id: int | None = None
    name: str | None = None
    nickname: str | None = None
    client_id: int | None = None
    mail: str | None = None
    mail2: str | None = None
    phone: str | None = None
    phone2: str | None = None
    doc_number: int | str | None = None  # NUMERIC in the spec; documents may carry letters
    doc_type: str | None = None


class BillingState(Model):
    id: Text | None = None
    name: str | None = None

    def __post_init__(self) -> None:
        as_text(self, "id")


class BillingAddress(Model):
    additional_info: str | None = None
    street: str | None = None
    number: str | None = None
    city: str | None = None
    state: BillingState | None = None


class Recipient(Model):
    doc_number: str | None = None
    type: str | None = None


class BillingData(Model):
    id: int | None = None
    store_id: int | None = None
    name: str | None = None
    email: str | None = None
    phone: str | None = None
    zip_code: str | None = None
    address: BillingAddress | None = None
    recipient: Recipient | None = None


class Fees(Model):
    MONEY_IS_VITAL: ClassVar[bool] = True

    finance_fee: Decimal | None = None

    def __post_init__(self) -> None:
        check_money(self.finance_fee)


class Payment(Model):
    MONEY_IS_VITAL: ClassVar[bool] = True

    id: int | None = None
    external_reference: Text | None = None  # NUMERIC in the spec; text in the field
    status: PaymentStatus | None = None
    provider: str | None = None
    method: str | None = None
    currency: Currency | None = None
    amount: Decimal | None = None
    paid: bool | None = None
    paid_date: Timestamp | None = None
    installments: int | None = None
    fees: Fees | None = None

    def __post_init__(self) -> None:
        as_text(self, "external_reference")
        check_money(self.amount)


class Receiver(Model):
    doc_number: int | str | None = None
    doc_type: str | None = None
    name: str | None = None
    email: str | None = None
    phone: str | None = None
    address: str | None = None
    zip: str | None = None
    neighbourhood: str | None = None
    municipality: str | None = None
    city: str | None = None
    state_id: Text | None = None
    country_id: Text | None = None

    def __post_init__(self) -> None:
        as_text(self, "state_id", "country_id")


class Shipping(Model):
    MONEY_IS_VITAL: ClassVar[bool] = True

    id: int | None = None
    external_reference: Text | None = None  # NUMERIC in the spec; text in the field
    ship_type: ShipType | None = None
    channel_status: str | None = None
    status: ShippingStatus | None = None
    receiver: Receiver | None = None
    additional_info: str | None = None
    method_id: int | None = None
    method: str | None = None
    currency: Currency | None = None
    amount: Decimal | None = None
    tracking_code: Text | None = None  # carriers' codes are often all digits
    observations: str | None = None
    date_created: Timestamp | None = None

    def __post_init__(self) -> None:
        as_text(self, "tracking_code", "external_reference")
        check_money(self.amount)


class Invoice(Model):
    invoiced: bool | None = None
    type: str | None = None
    number: str | None = None
    invoiced_date: Timestamp | None = None


class Variation(Model):
    name: str | None = None
    value: str | None = None


class Product(Model):
    MONEY_IS_VITAL: ClassVar[bool] = True

    id: int | None = None
    channel: Channel | None = None
    external_reference: Text | None = None
    sku: str | None = None
    title: str | None = None
    quantity: int | None = None
    method: str | None = None
    currency: Currency | None = None
    unit_price: Decimal | None = None
    amount: Decimal | None = None
    free_shipping: bool | None = None
    market_variation_id: int | None = None
    variations: list[Variation] | None = None
    promotion: str | None = None

    def __post_init__(self) -> None:
        as_text(self, "external_reference")
        check_money(self.unit_price, self.amount)


class Qualification(Model):
    """One side's feedback; the spec does not show it, this is the related API's shape."""

    fulfilled: bool | None = None
    rating: str | None = None
    message: str | None = None
    reason: str | None = None


class Feedback(Model):
    buyer: Qualification | str | None = None
    seller: Qualification | str | None = None


class Order(Model):
    MONEY_IS_VITAL: ClassVar[bool] = True

    id: Text
    store_id: int | None = None
    channel: Channel | None = None
    external_reference: Text | None = None  # NUMERIC in the spec; text in the field
    currency: Currency | None = None
    amount: Decimal | None = None
    products_total: Decimal | None = None
    products_discounts_total: Decimal | None = None
    products_grand_total: Decimal | None = None
    discounts_total: Decimal | None = None
    shipping_total: Decimal | None = None
    grand_total: Decimal | None = None
    creation_date: Timestamp | None = None
    buyer_message: str | None = None
    status: OrderStatus | None = None
    buyer: Buyer | None = None
    billing_data: BillingData | None = None
    payments: list[Payment] | None = None
    shippings: list[Shipping] | None = None
    invoice: Invoice | None = None
    products: list[Product] | None = None
    notes: list[Any] | None = None  # element shape not shown; numbers come as Decimal
    feedback: Feedback | None = None
    promotions: list[Any] | None = None  # element shape not shown; numbers come as Decimal
    free_shipping: bool | None = None

    def __post_init__(self) -> None:
        as_text(self, "id", "external_reference")
        check_money(self.amount, self.products_total, self.products_discounts_total,
                     self.products_grand_total, self.discounts_total, self.shipping_total,
                     self.grand_total)
