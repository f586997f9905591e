<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>SessionAnnouncements</name>
    <message numerus="yes">
        <source>%n answer(s) sent</source>
        <translation>
            <numerusform>%n answer sent</numerusform>
            <numerusform>%n answers sent</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n question(s) deleted</source>
        <translation>
            <numerusform>%n question deleted</numerusform>
            <numerusform>%n questions deleted</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n invoice(s) updated</source>
        <translation>
            <numerusform>%n invoice updated</numerusform>
            <numerusform>%n invoices updated</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n shipping(s) updated</source>
        <translation>
            <numerusform>%n shipping updated</numerusform>
            <numerusform>%n shippings updated</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tracking code(s) created</source>
        <translation>
            <numerusform>%n tracking code created</numerusform>
            <numerusform>%n tracking codes created</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tracking code(s) saved</source>
        <translation>
            <numerusform>%n tracking code saved</numerusform>
            <numerusform>%n tracking codes saved</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tracking code(s) deleted</source>
        <translation>
            <numerusform>%n tracking code deleted</numerusform>
            <numerusform>%n tracking codes deleted</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n change(s) saved: sent when the connection is back</source>
        <translation>
            <numerusform>%n change saved: sent when the connection is back</numerusform>
            <numerusform>%n changes saved: sent when the connection is back</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n change(s) discarded: will not be sent</source>
        <translation>
            <numerusform>%n change discarded: it will not be sent</numerusform>
            <numerusform>%n changes discarded: they will not be sent</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n change(s) need you: the shop has another version</source>
        <translation>
            <numerusform>%n change needs you: the shop has another version</numerusform>
            <numerusform>%n changes need you: the shop has another version</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n change(s) refused by the shop</source>
        <translation>
            <numerusform>%n change refused by the shop</numerusform>
            <numerusform>%n changes refused by the shop</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AnswerComposer</name>
    <message numerus="yes">
        <source>Send %n answers</source>
        <translation>
            <numerusform>Send %n answer</numerusform>
            <numerusform>Send %n answers</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BugReportDialog</name>
    <message numerus="yes">
        <source>SellerDesk ran into %n unexpected problem(s). What you saved is safe, and you can keep working.</source>
        <translation>
            <numerusform>SellerDesk ran into %n unexpected problem. What you saved is safe, and you can keep working.</numerusform>
            <numerusform>SellerDesk ran into %n unexpected problems. What you saved is safe, and you can keep working.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BulkShippingDialog</name>
    <message numerus="yes">
        <source>{count} orders</source>
        <translation>
            <numerusform>{count} order</numerusform>
            <numerusform>{count} orders</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CategoriesPanel</name>
    <message numerus="yes">
        <source>%n categories</source>
        <translation>
            <numerusform>%n category</numerusform>
            <numerusform>%n categories</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChartsArea</name>
    <message numerus="yes">
        <source>{currency}, last {n} days: {orders} orders, {revenue}</source>
        <translation>
            <numerusform>{currency}, last {n} days: {orders} order, {revenue}</numerusform>
            <numerusform>{currency}, last {n} days: {orders} orders, {revenue}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>All {n} orders kept on this computer.</source>
        <translation>
            <numerusform>The {n} order kept on this computer.</numerusform>
            <numerusform>All {n} orders kept on this computer.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{n} shippings; {share} delivered.</source>
        <translation>
            <numerusform>{n} shipping; {share} delivered.</numerusform>
            <numerusform>{n} shippings; {share} delivered.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DashboardPanel</name>
    <message numerus="yes">
        <source>%n need you</source>
        <translation>
            <numerusform>%n needs you</numerusform>
            <numerusform>%n need you</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FacetModel</name>
    <message numerus="yes">
        <source>{count} choices</source>
        <translation>
            <numerusform>{count} choice</numerusform>
            <numerusform>{count} choices</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{count} orders</source>
        <translation>
            <numerusform>{count} order</numerusform>
            <numerusform>{count} orders</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>GroupBar</name>
    <message numerus="yes">
        <source>Also answer %n more who asked the same about this listing</source>
        <translation>
            <numerusform>Also answer %n more who asked the same about this listing</numerusform>
            <numerusform>Also answer %n more who asked the same about this listing</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message numerus="yes">
        <source>%n change(s) waiting to be sent</source>
        <translation>
            <numerusform>%n change waiting to be sent</numerusform>
            <numerusform>%n changes waiting to be sent</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>NoticeCounts</name>
    <message numerus="yes">
        <source>%n new question(s)</source>
        <translation>
            <numerusform>%n new question</numerusform>
            <numerusform>%n new questions</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n new order(s)</source>
        <translation>
            <numerusform>%n new order</numerusform>
            <numerusform>%n new orders</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Notifier</name>
    <message numerus="yes">
        <source>%n unanswered question(s)</source>
        <translation>
            <numerusform>%n unanswered question</numerusform>
            <numerusform>%n unanswered questions</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>OrderCommands</name>
    <message numerus="yes">
        <source>Updating {count} shippings…</source>
        <translation>
            <numerusform>Updating {count} shipping…</numerusform>
            <numerusform>Updating {count} shippings…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Exported {count} orders to {file}</source>
        <translation>
            <numerusform>Exported {count} order to {file}</numerusform>
            <numerusform>Exported {count} orders to {file}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>OrdersPanel</name>
    <message numerus="yes">
        <source>{count} orders</source>
        <translation>
            <numerusform>{count} order</numerusform>
            <numerusform>{count} orders</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{count} orders match</source>
        <translation>
            <numerusform>{count} order matches</numerusform>
            <numerusform>{count} orders match</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>OutboxButton</name>
    <message numerus="yes">
        <source>%n need you</source>
        <translation>
            <numerusform>%n needs you</numerusform>
            <numerusform>%n need you</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>OutboxPanel</name>
    <message numerus="yes">
        <source>%n waiting</source>
        <translation>
            <numerusform>%n waiting</numerusform>
            <numerusform>%n waiting</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n need you</source>
        <translation>
            <numerusform>%n needs you</numerusform>
            <numerusform>%n need you</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n changes need you: the shop has another version</source>
        <translation>
            <numerusform>%n change needs you: the shop has another version</numerusform>
            <numerusform>%n changes need you: the shop has another version</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n changes left the outbox</source>
        <translation>
            <numerusform>%n change left the outbox</numerusform>
            <numerusform>%n changes left the outbox</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PublicationHeader</name>
    <message numerus="yes">
        <source>%n in stock</source>
        <translation>
            <numerusform>%n in stock</numerusform>
            <numerusform>%n in stock</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n waiting for an answer</source>
        <translation>
            <numerusform>%n waiting for an answer</numerusform>
            <numerusform>%n waiting for an answer</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n in the outbox</source>
        <translation>
            <numerusform>%n in the outbox</numerusform>
            <numerusform>%n in the outbox</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ShopConnector</name>
    <message numerus="yes">
        <source>%n unanswered question(s)</source>
        <translation>
            <numerusform>%n unanswered question</numerusform>
            <numerusform>%n unanswered questions</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SyncWords</name>
    <message numerus="yes">
        <source>%n order(s) could not be read (ids {ids})</source>
        <translation>
            <numerusform>%n order could not be read (id {ids})</numerusform>
            <numerusform>%n orders could not be read (ids {ids})</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n conversation(s) could not be read (ids {ids})</source>
        <translation>
            <numerusform>%n conversation could not be read (id {ids})</numerusform>
            <numerusform>%n conversations could not be read (ids {ids})</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n question(s) could not be read (ids {ids})</source>
        <translation>
            <numerusform>%n question could not be read (id {ids})</numerusform>
            <numerusform>%n questions could not be read (ids {ids})</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tracking code(s) could not be read (ids {ids})</source>
        <translation>
            <numerusform>%n tracking code could not be read (id {ids})</numerusform>
            <numerusform>%n tracking codes could not be read (ids {ids})</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> and %n without an id</source>
        <translation>
            <numerusform> and %n without an id</numerusform>
            <numerusform> and %n without an id</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n order(s) without an id could not be read</source>
        <translation>
            <numerusform>%n order without an id could not be read</numerusform>
            <numerusform>%n orders without an id could not be read</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n conversation(s) without an id could not be read</source>
        <translation>
            <numerusform>%n conversation without an id could not be read</numerusform>
            <numerusform>%n conversations without an id could not be read</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n question(s) without an id could not be read</source>
        <translation>
            <numerusform>%n question without an id could not be read</numerusform>
            <numerusform>%n questions without an id could not be read</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tracking code(s) without an id could not be read</source>
        <translation>
            <numerusform>%n tracking code without an id could not be read</numerusform>
            <numerusform>%n tracking codes without an id could not be read</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ThreadDelegate</name>
    <message numerus="yes">
        <source>+%n alike</source>
        <translation>
            <numerusform>+%n alike</numerusform>
            <numerusform>+%n alike</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ThreadListModel</name>
    <message numerus="yes">
        <source>%n unanswered</source>
        <translation>
            <numerusform>%n unanswered</numerusform>
            <numerusform>%n unanswered</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n more asked the same</source>
        <translation>
            <numerusform>%n more asked the same</numerusform>
            <numerusform>%n more asked the same</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TrackingPanel</name>
    <message numerus="yes">
        <source>%n codes</source>
        <translation>
            <numerusform>%n code</numerusform>
            <numerusform>%n codes</numerusform>
        </translation>
    </message>
</context>
</TS>
