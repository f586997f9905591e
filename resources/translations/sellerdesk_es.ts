<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es">
<context>
    <name>SessionAnnouncements</name>
    <message numerus="yes">
        <source>%n answer(s) sent</source>
        <translation>
            <numerusform>%n respuesta enviada</numerusform>
            <numerusform>%n respuestas enviadas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n question(s) deleted</source>
        <translation>
            <numerusform>%n pregunta eliminada</numerusform>
            <numerusform>%n preguntas eliminadas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n invoice(s) updated</source>
        <translation>
            <numerusform>%n factura actualizada</numerusform>
            <numerusform>%n facturas actualizadas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n shipping(s) updated</source>
        <translation>
            <numerusform>%n envío actualizado</numerusform>
            <numerusform>%n envíos actualizados</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tracking code(s) created</source>
        <translation>
            <numerusform>%n código de seguimiento creado</numerusform>
            <numerusform>%n códigos de seguimiento creados</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tracking code(s) saved</source>
        <translation>
            <numerusform>%n código de seguimiento guardado</numerusform>
            <numerusform>%n códigos de seguimiento guardados</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tracking code(s) deleted</source>
        <translation>
            <numerusform>%n código de seguimiento eliminado</numerusform>
            <numerusform>%n códigos de seguimiento eliminados</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n change(s) saved: sent when the connection is back</source>
        <translation>
            <numerusform>%n cambio guardado: se envía cuando vuelva la conexión</numerusform>
            <numerusform>%n cambios guardados: se envían cuando vuelva la conexión</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n change(s) discarded: will not be sent</source>
        <translation>
            <numerusform>%n cambio descartado: no se enviará</numerusform>
            <numerusform>%n cambios descartados: no se enviarán</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n change(s) need you: the shop has another version</source>
        <translation>
            <numerusform>%n cambio te necesita: la tienda tiene otra versión</numerusform>
            <numerusform>%n cambios te necesitan: la tienda tiene otra versión</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n change(s) refused by the shop</source>
        <translation>
            <numerusform>%n cambio rechazado por la tienda</numerusform>
            <numerusform>%n cambios rechazados por la tienda</numerusform>
        </translation>
    </message>
    <message>
        <source>Offline. Your changes are kept and sent when the connection is back.</source>
        <translation>Sin conexión. Tus cambios se guardan y se envían cuando vuelva la conexión.</translation>
    </message>
    <message>
        <source>Back online</source>
        <translation>Conexión restablecida</translation>
    </message>
    <message>
        <source>Sync cancelled</source>
        <translation>Sincronización cancelada</translation>
    </message>
    <message>
        <source>Sync failed</source>
        <translation>La sincronización falló</translation>
    </message>
    <message>
        <source>Sync finished; some parts could not be read</source>
        <translation>Sincronización terminada; algunas partes no se pudieron leer</translation>
    </message>
    <message>
        <source>Sync finished</source>
        <translation>Sincronización terminada</translation>
    </message>
</context>
<context>
    <name>AboutDialog</name>
    <message>
        <source>Public domain</source>
        <translation>Dominio público</translation>
    </message>
    <message>
        <source>About SellerDesk</source>
        <translation>Acerca de SellerDesk</translation>
    </message>
    <message>
        <source>Version {version}</source>
        <translation>Versión {version}</translation>
    </message>
    <message>
        <source>Answer buyers&apos; questions, ship orders and keep your shop&apos;s categories and tracking codes in view — online or offline.</source>
        <translation>Responde preguntas, despacha pedidos y ten a mano las categorías y los códigos de seguimiento de tu tienda, con o sin conexión.</translation>
    </message>
    <message>
        <source>Qt {qt} · PySide {pyside} · Python {python}</source>
        <translation>Qt {qt} · PySide {pyside} · Python {python}</translation>
    </message>
    <message>
        <source>SellerDesk is free software under the MIT licence.</source>
        <translation>SellerDesk es software libre con licencia MIT.</translation>
    </message>
    <message>
        <source>It includes:</source>
        <translation>Incluye:</translation>
    </message>
    <message>
        <source>Licences of the bundled components</source>
        <translation>Licencias de los componentes incluidos</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Cerrar</translation>
    </message>
</context>
<context>
    <name>AllShops</name>
    <message>
        <source>Not synced on this computer yet</source>
        <translation>Todavía no se sincronizó en esta computadora</translation>
    </message>
    <message>
        <source>Open in another window</source>
        <translation>Abierta en otra ventana</translation>
    </message>
    <message>
        <source>Unanswered</source>
        <translation>Sin responder</translation>
    </message>
    <message>
        <source>Waiting too long</source>
        <translation>Esperando demasiado</translation>
    </message>
    <message>
        <source>To process</source>
        <translation>Por procesar</translation>
    </message>
    <message>
        <source>To ship</source>
        <translation>Por enviar</translation>
    </message>
    <message>
        <source>To rate</source>
        <translation>Por calificar</translation>
    </message>
    <message>
        <source>Queued changes</source>
        <translation>Cambios en cola</translation>
    </message>
    <message>
        <source>All shops</source>
        <translation>Todas las tiendas</translation>
    </message>
    <message>
        <source>The shop open in this window</source>
        <translation>La tienda abierta en esta ventana</translation>
    </message>
    <message>
        <source>This window</source>
        <translation>Esta ventana</translation>
    </message>
    <message>
        <source>As of {when}</source>
        <translation>Actualizado {when}</translation>
    </message>
    <message>
        <source>Not synced yet</source>
        <translation>Sin sincronizar todavía</translation>
    </message>
    <message>
        <source>Switch</source>
        <translation>Cambiar</translation>
    </message>
    <message>
        <source>Switch to {shop}</source>
        <translation>Cambiar a {shop}</translation>
    </message>
    <message>
        <source>Open {shop} in this window</source>
        <translation>Abrir {shop} en esta ventana</translation>
    </message>
</context>
<context>
    <name>Announcer</name>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
</context>
<context>
    <name>AnswerComposer</name>
    <message>
        <source>Answer</source>
        <translation>Respuesta</translation>
    </message>
    <message>
        <source>Write your answer…  Ctrl+Enter sends it.</source>
        <translation>Escribe tu respuesta…  Ctrl+Enter la envía.</translation>
    </message>
    <message>
        <source>Saved replies</source>
        <translation>Respuestas guardadas</translation>
    </message>
    <message>
        <source>Before sending</source>
        <translation>Antes de enviar</translation>
    </message>
    <message>
        <source>Characters used</source>
        <translation>Caracteres usados</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Enviar</translation>
    </message>
    <message>
        <source>Send the answer</source>
        <translation>Enviar la respuesta</translation>
    </message>
    <message>
        <source>Send the answer (Ctrl+Enter)</source>
        <translation>Enviar la respuesta (Ctrl+Enter)</translation>
    </message>
    <message>
        <source>Replace {product} with words of your own: this question is about your shop, not about a listing.</source>
        <translation>Reemplaza {product} con tus propias palabras: esta pregunta es sobre tu tienda, no sobre una publicación.</translation>
    </message>
    <message>
        <source>Your text names {name}: the other buyers would read that name. Write {buyer} instead.</source>
        <translation>Tu texto menciona a {name}: los demás compradores leerían ese nombre. Escribe {buyer} en su lugar.</translation>
    </message>
    <message>
        <source>Nothing left to answer in this conversation.</source>
        <translation>No queda nada por responder en esta conversación.</translation>
    </message>
    <message>
        <source>Replying to {buyer}: “{question}”</source>
        <translation>Respondiendo a {buyer}: “{question}”</translation>
    </message>
    <message>
        <source>the buyer</source>
        <translation>el comprador</translation>
    </message>
    <message>
        <source>{n} / {limit}</source>
        <translation>{n} / {limit}</translation>
    </message>
    <message>
        <source>{n} characters over the limit</source>
        <translation>{n} caracteres por encima del límite</translation>
    </message>
    <message numerus="yes">
        <source>Send %n answers</source>
        <translation>
            <numerusform>Enviar %n respuesta</numerusform>
            <numerusform>Enviar %n respuestas</numerusform>
        </translation>
    </message>
    <message>
        <source>As the buyer will read it</source>
        <translation>Como lo leerá el comprador</translation>
    </message>
    <message>
        <source>{name} will read: “{answer}” Each buyer gets their own name.</source>
        <translation>{name} leerá: “{answer}” Cada comprador recibe su propio nombre.</translation>
    </message>
    <message>
        <source>The buyer will read: “{answer}”</source>
        <translation>El comprador leerá: “{answer}”</translation>
    </message>
</context>
<context>
    <name>App</name>
    <message>
        <source>The shop service no longer accepts SellerDesk&apos;s connection to {name}. Sign in again (or paste a new access token).</source>
        <translation>El servicio de la tienda ya no acepta la conexión de SellerDesk con {name}. Inicia sesión de nuevo (o pega un token de acceso nuevo).</translation>
    </message>
    <message>
        <source>The shop service did not accept the token of {name}. Paste a new one.</source>
        <translation>El servicio de la tienda no aceptó el token de {name}. Pega uno nuevo.</translation>
    </message>
    <message>
        <source>SellerDesk has no access token for {name} on this computer. Paste it again to open the shop.</source>
        <translation>SellerDesk no tiene un token de acceso para {name} en esta computadora. Vuelve a pegarlo para abrir la tienda.</translation>
    </message>
    <message>
        <source>Demo shop</source>
        <translation>Tienda de demostración</translation>
    </message>
</context>
<context>
    <name>BannerMessage</name>
    <message>
        <source>Dismiss</source>
        <translation>Cerrar</translation>
    </message>
    <message>
        <source>Dismiss message</source>
        <translation>Cerrar el mensaje</translation>
    </message>
    <message>
        <source>×{count}</source>
        <translation>×{count}</translation>
    </message>
</context>
<context>
    <name>BugReportDialog</name>
    <message>
        <source>Something went wrong</source>
        <translation>Algo salió mal</translation>
    </message>
    <message>
        <source>Details of the problem</source>
        <translation>Detalles del problema</translation>
    </message>
    <message>
        <source>Copy the details</source>
        <translation>Copiar los detalles</translation>
    </message>
    <message numerus="yes">
        <source>SellerDesk ran into %n unexpected problem(s). What you saved is safe, and you can keep working.</source>
        <translation>
            <numerusform>SellerDesk tuvo %n problema inesperado. Lo que guardaste está a salvo y puedes seguir trabajando.</numerusform>
            <numerusform>SellerDesk tuvo %n problemas inesperados. Lo que guardaste está a salvo y puedes seguir trabajando.</numerusform>
        </translation>
    </message>
    <message>
        <source>SellerDesk ran into an unexpected problem while: {doing}. What you saved is safe, and you can keep working.</source>
        <translation>SellerDesk tuvo un problema inesperado mientras hacía esto: {doing}. Lo que guardaste está a salvo y puedes seguir trabajando.</translation>
    </message>
    <message>
        <source>SellerDesk ran into an unexpected problem. What you saved is safe, and you can keep working.</source>
        <translation>SellerDesk tuvo un problema inesperado. Lo que guardaste está a salvo y puedes seguir trabajando.</translation>
    </message>
    <message>
        <source>To help fix it, copy the details below and send them to your SellerDesk support. They are exactly what is copied: buyers&apos; e-mails, phone numbers, documents and addresses, your access token and your user name have been taken out. If support asks for the whole log, it is {path}</source>
        <translation>Para ayudar a corregirlo, copia los detalles de abajo y envíalos a tu soporte de SellerDesk. Son exactamente lo que se copia: se quitaron los correos, teléfonos, documentos y direcciones de los compradores, tu token de acceso y tu nombre de usuario. Si el soporte pide el registro completo, está en {path}</translation>
    </message>
    <message>
        <source>To help fix it, copy the details below and send them to your SellerDesk support. They are exactly what is copied: buyers&apos; e-mails, phone numbers, documents and addresses, your access token and your user name have been taken out.</source>
        <translation>Para ayudar a corregirlo, copia los detalles de abajo y envíalos a tu soporte de SellerDesk. Son exactamente lo que se copia: se quitaron los correos, teléfonos, documentos y direcciones de los compradores, tu token de acceso y tu nombre de usuario.</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>Copiado</translation>
    </message>
</context>
<context>
    <name>BulkLinesModel</name>
    <message>
        <source>Order</source>
        <translation>Pedido</translation>
    </message>
    <message>
        <source>Buyer</source>
        <translation>Comprador</translation>
    </message>
    <message>
        <source>Shipping</source>
        <translation>Envío</translation>
    </message>
    <message>
        <source>Tracking code</source>
        <translation>Número de seguimiento</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Resultado</translation>
    </message>
</context>
<context>
    <name>BulkShippingDialog</name>
    <message>
        <source>Update shipping of several orders</source>
        <translation>Actualizar el envío de varios pedidos</translation>
    </message>
    <message>
        <source>This order has no shipping to update.</source>
        <translation>Este pedido no tiene un envío para actualizar.</translation>
    </message>
    <message>
        <source>New status for every order</source>
        <translation>Nuevo estado para todos los pedidos</translation>
    </message>
    <message>
        <source>Orders and their tracking codes</source>
        <translation>Pedidos y sus números de seguimiento</translation>
    </message>
    <message>
        <source>Paste tracking codes</source>
        <translation>Pegar números de seguimiento</translation>
    </message>
    <message>
        <source>Paste codes</source>
        <translation>Pegar números</translation>
    </message>
    <message>
        <source>Fill the codes from the clipboard, one per line, from the selected order down</source>
        <translation>Completa los números desde el portapapeles, uno por línea, desde el pedido seleccionado hacia abajo</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>Aplicar</translation>
    </message>
    <message>
        <source>Apply to every order</source>
        <translation>Aplicar a todos los pedidos</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Cerrar</translation>
    </message>
    <message>
        <source>New status:</source>
        <translation>Nuevo estado:</translation>
    </message>
    <message numerus="yes">
        <source>{count} orders</source>
        <translation>
            <numerusform>{count} pedido</numerusform>
            <numerusform>{count} pedidos</numerusform>
        </translation>
    </message>
    <message>
        <source>Type a tracking code for each order, or paste a column of codes: they fill the lines in order from the selected one down. Leave a code empty to change only the status.</source>
        <translation>Escribe un número de seguimiento para cada pedido o pega una columna de números: se completan las líneas en orden, desde la seleccionada hacia abajo. Deja un número vacío para cambiar solo el estado.</translation>
    </message>
</context>
<context>
    <name>CategoriesPanel</name>
    <message>
        <source>Categories</source>
        <translation>Categorías</translation>
    </message>
    <message>
        <source>Filter by name</source>
        <translation>Filtrar por nombre</translation>
    </message>
    <message>
        <source>Clear the filter</source>
        <translation>Borrar el filtro</translation>
    </message>
    <message>
        <source>Filter categories by name</source>
        <translation>Filtrar categorías por nombre</translation>
    </message>
    <message>
        <source>Filter</source>
        <translation>Filtro</translation>
    </message>
    <message>
        <source>Expand all</source>
        <translation>Expandir todo</translation>
    </message>
    <message>
        <source>Collapse all</source>
        <translation>Contraer todo</translation>
    </message>
    <message>
        <source>Category tree</source>
        <translation>Árbol de categorías</translation>
    </message>
    <message>
        <source>No categories yet</source>
        <translation>Todavía no hay categorías</translation>
    </message>
    <message>
        <source>Your shop&apos;s category tree appears here once it has been fetched.</source>
        <translation>El árbol de categorías de tu tienda aparece aquí en cuanto se descarga.</translation>
    </message>
    <message>
        <source>No category matches this filter</source>
        <translation>Ninguna categoría coincide con este filtro</translation>
    </message>
    <message>
        <source>Try fewer letters, or clear the filter.</source>
        <translation>Prueba con menos letras o borra el filtro.</translation>
    </message>
    <message>
        <source>Find a category</source>
        <translation>Buscar una categoría</translation>
    </message>
    <message>
        <source>Open the category&apos;s page in the browser</source>
        <translation>Abrir la página de la categoría en el navegador</translation>
    </message>
    <message>
        <source>Updating categories…</source>
        <translation>Actualizando categorías…</translation>
    </message>
    <message>
        <source>Categories could not be fetched</source>
        <translation>No se pudieron descargar las categorías</translation>
    </message>
    <message numerus="yes">
        <source>%n categories</source>
        <translation>
            <numerusform>%n categoría</numerusform>
            <numerusform>%n categorías</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CategoryDetail</name>
    <message>
        <source>In</source>
        <translation>Dentro de</translation>
    </message>
    <message>
        <source>Category id</source>
        <translation>ID de categoría</translation>
    </message>
    <message>
        <source>Position</source>
        <translation>Posición</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Predeterminada</translation>
    </message>
    <message>
        <source>the category&apos;s page</source>
        <translation>la página de la categoría</translation>
    </message>
    <message>
        <source>Permalink</source>
        <translation>Enlace permanente</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Creada</translation>
    </message>
    <message>
        <source>Last updated</source>
        <translation>Última modificación</translation>
    </message>
    <message>
        <source>No category selected</source>
        <translation>Ninguna categoría seleccionada</translation>
    </message>
    <message>
        <source>Pick a category in the tree to see its details.</source>
        <translation>Elige una categoría del árbol para ver sus detalles.</translation>
    </message>
    <message>
        <source>(no name)</source>
        <translation>(sin nombre)</translation>
    </message>
    <message>
        <source>Top level</source>
        <translation>Nivel principal</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>Sí</translation>
    </message>
    <message>
        <source>No</source>
        <translation>No</translation>
    </message>
</context>
<context>
    <name>CategoryTreeModel</name>
    <message>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>Position</source>
        <translation>Posición</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Predeterminada</translation>
    </message>
    <message>
        <source>Permalink</source>
        <translation>Enlace permanente</translation>
    </message>
    <message>
        <source>(no name)</source>
        <translation>(sin nombre)</translation>
    </message>
    <message>
        <source>{link}
Press Enter or Ctrl+O to open it in the browser</source>
        <translation>{link}
Presiona Enter o Ctrl+O para abrirlo en el navegador</translation>
    </message>
    <message>
        <source>The shop&apos;s default category</source>
        <translation>La categoría predeterminada de la tienda</translation>
    </message>
    <message>
        <source>{name} (default category)</source>
        <translation>{name} (categoría predeterminada)</translation>
    </message>
    <message>
        <source>Default category</source>
        <translation>Categoría predeterminada</translation>
    </message>
    <message>
        <source>Not the default</source>
        <translation>No es la predeterminada</translation>
    </message>
    <message>
        <source>No position</source>
        <translation>Sin posición</translation>
    </message>
    <message>
        <source>No permalink</source>
        <translation>Sin enlace permanente</translation>
    </message>
</context>
<context>
    <name>ChartsArea</name>
    <message>
        <source>Orders and revenue per day</source>
        <translation>Pedidos e ingresos por día</translation>
    </message>
    <message>
        <source>Answer time</source>
        <translation>Tiempo de respuesta</translation>
    </message>
    <message>
        <source>Orders by channel</source>
        <translation>Pedidos por canal</translation>
    </message>
    <message>
        <source>Shippings by status</source>
        <translation>Envíos por estado</translation>
    </message>
    <message>
        <source>Currency of the sales chart</source>
        <translation>Moneda del gráfico de ventas</translation>
    </message>
    <message>
        <source>Sales in different currencies are never added up</source>
        <translation>Las ventas en monedas distintas nunca se suman</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>Moneda</translation>
    </message>
    <message>
        <source>Charts are not available in this installation; the figures above are complete.</source>
        <translation>Los gráficos no están disponibles en esta instalación; las cifras de arriba están completas.</translation>
    </message>
    <message>
        <source>No sales in the last {n} days.</source>
        <translation>Sin ventas en los últimos {n} días.</translation>
    </message>
    <message numerus="yes">
        <source>{currency}, last {n} days: {orders} orders, {revenue}</source>
        <translation>
            <numerusform>{currency}, últimos {n} días: {orders} pedido, {revenue}</numerusform>
            <numerusform>{currency}, últimos {n} días: {orders} pedidos, {revenue}</numerusform>
        </translation>
    </message>
    <message>
        <source>Revenue per day</source>
        <translation>Ingresos por día</translation>
    </message>
    <message>
        <source>Orders per day</source>
        <translation>Pedidos por día</translation>
    </message>
    <message>
        <source>Revenue ({currency})</source>
        <translation>Ingresos ({currency})</translation>
    </message>
    <message>
        <source>Orders</source>
        <translation>Pedidos</translation>
    </message>
    <message>
        <source>No answered questions in the last {n} days.</source>
        <translation>No hay preguntas respondidas en los últimos {n} días.</translation>
    </message>
    <message>
        <source>Week of {week}: half answered within {median}, 9 in 10 within {p90} ({n} answers). Goal: {goal}.</source>
        <translation>Semana del {week}: la mitad respondida en menos de {median}, 9 de cada 10 en menos de {p90} ({n} respuestas). Objetivo: {goal}.</translation>
    </message>
    <message>
        <source>No orders yet.</source>
        <translation>Todavía no hay pedidos.</translation>
    </message>
    <message numerus="yes">
        <source>All {n} orders kept on this computer.</source>
        <translation>
            <numerusform>{n} pedido guardado en esta computadora.</numerusform>
            <numerusform>Los {n} pedidos guardados en esta computadora.</numerusform>
        </translation>
    </message>
    <message>
        <source>No shippings yet.</source>
        <translation>Todavía no hay envíos.</translation>
    </message>
    <message numerus="yes">
        <source>{n} shippings; {share} delivered.</source>
        <translation>
            <numerusform>{n} envío; {share} entregado.</numerusform>
            <numerusform>{n} envíos; {share} entregados.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CodeEditor</name>
    <message>
        <source>Paste the HTML snippet the provider gave you</source>
        <translation>Pega el fragmento HTML que te dio el proveedor</translation>
    </message>
    <message>
        <source>Snippet code</source>
        <translation>Código del fragmento</translation>
    </message>
</context>
<context>
    <name>Confirm</name>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Save the changes to “{name}”?</source>
        <translation>¿Guardar los cambios en “{name}”?</translation>
    </message>
    <message>
        <source>Save your changes?</source>
        <translation>¿Guardar los cambios?</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>Cambios sin guardar</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Guardar</translation>
    </message>
    <message>
        <source>Discard changes</source>
        <translation>Descartar cambios</translation>
    </message>
    <message>
        <source>If you go on without saving, what you typed is lost.</source>
        <translation>Si continúas sin guardar, se perderá lo que escribiste.</translation>
    </message>
</context>
<context>
    <name>ConflictDialog</name>
    <message>
        <source>Resolve a conflict</source>
        <translation>Resolver un conflicto</translation>
    </message>
    <message>
        <source>Buyer&apos;s question: {text}</source>
        <translation>Pregunta del comprador: {text}</translation>
    </message>
    <message>
        <source>Keep mine (send again)</source>
        <translation>Quedarme con la mía (reenviar)</translation>
    </message>
    <message>
        <source>Keep my version and send it again</source>
        <translation>Conservar mi versión y enviarla de nuevo</translation>
    </message>
    <message>
        <source>Drop my change</source>
        <translation>Descartar mi cambio</translation>
    </message>
    <message>
        <source>Keep the shop&apos;s</source>
        <translation>Quedarme con la de la tienda</translation>
    </message>
    <message>
        <source>Decide later</source>
        <translation>Decidir después</translation>
    </message>
    <message>
        <source>Close without deciding</source>
        <translation>Cerrar sin decidir</translation>
    </message>
    <message>
        <source>Your version (not sent)</source>
        <translation>Tu versión (sin enviar)</translation>
    </message>
    <message>
        <source>On the shop now</source>
        <translation>En la tienda ahora</translation>
    </message>
    <message>
        <source>{label} (differs)</source>
        <translation>{label} (distinto)</translation>
    </message>
    <message>
        <source>Your {label}</source>
        <translation>Tu versión: {label}</translation>
    </message>
    <message>
        <source>The shop&apos;s {label}</source>
        <translation>Versión de la tienda: {label}</translation>
    </message>
</context>
<context>
    <name>ConnectionIndicator</name>
    <message>
        <source>trying again now…</source>
        <translation>intentando de nuevo…</translation>
    </message>
    <message>
        <source>next try in {n} s</source>
        <translation>nuevo intento en {n} s</translation>
    </message>
</context>
<context>
    <name>ConversationModel</name>
    <message>
        <source>Closed without answer</source>
        <translation>Cerrada sin respuesta</translation>
    </message>
    <message>
        <source>Under review</source>
        <translation>En revisión</translation>
    </message>
    <message>
        <source>Banned</source>
        <translation>Bloqueada</translation>
    </message>
    <message>
        <source>Deleted</source>
        <translation>Eliminada</translation>
    </message>
</context>
<context>
    <name>ConversationView</name>
    <message>
        <source>Conversation</source>
        <translation>Conversación</translation>
    </message>
    <message>
        <source>Questions and answers</source>
        <translation>Preguntas y respuestas</translation>
    </message>
    <message>
        <source>No questions left in this conversation.</source>
        <translation>No quedan preguntas en esta conversación.</translation>
    </message>
</context>
<context>
    <name>Dashboard</name>
    <message>
        <source>{m} min</source>
        <translation>{m} min</translation>
    </message>
    <message>
        <source>{h} h {m} min</source>
        <translation>{h} h {m} min</translation>
    </message>
    <message>
        <source>{h} h</source>
        <translation>{h} h</translation>
    </message>
    <message>
        <source>{d} d {h} h</source>
        <translation>{d} d {h} h</translation>
    </message>
    <message>
        <source>{d} d</source>
        <translation>{d} d</translation>
    </message>
</context>
<context>
    <name>DashboardCharts</name>
    <message>
        <source>Legend: {names}</source>
        <translation>Leyenda: {names}</translation>
    </message>
    <message>
        <source>Half answered within</source>
        <translation>La mitad respondida en menos de</translation>
    </message>
    <message>
        <source>9 in 10 answered within</source>
        <translation>9 de cada 10 respondidas en menos de</translation>
    </message>
    <message>
        <source>Your goal</source>
        <translation>Tu objetivo</translation>
    </message>
    <message>
        <source>{day}: {orders} orders, {revenue}</source>
        <translation>{day}: {orders} pedidos, {revenue}</translation>
    </message>
</context>
<context>
    <name>DashboardPanel</name>
    <message>
        <source>questions</source>
        <translation>preguntas</translation>
    </message>
    <message>
        <source>orders</source>
        <translation>pedidos</translation>
    </message>
    <message>
        <source>categories</source>
        <translation>categorías</translation>
    </message>
    <message>
        <source>tracking codes</source>
        <translation>códigos de seguimiento</translation>
    </message>
    <message>
        <source>shop</source>
        <translation>tienda</translation>
    </message>
    <message>
        <source>Last {n} days</source>
        <translation>Últimos {n} días</translation>
    </message>
    <message>
        <source>Days the charts cover</source>
        <translation>Días que abarcan los gráficos</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>Gráficos</translation>
    </message>
    <message>
        <source>All shops</source>
        <translation>Todas las tiendas</translation>
    </message>
    <message>
        <source>Show every saved shop side by side</source>
        <translation>Mostrar todas las tiendas guardadas una al lado de la otra</translation>
    </message>
    <message>
        <source>Notifications…</source>
        <translation>Notificaciones…</translation>
    </message>
    <message>
        <source>Refresh interval, desktop notifications, quiet hours and the answer-time goal</source>
        <translation>Intervalo de actualización, notificaciones de escritorio, horario de silencio y objetivo de tiempo de respuesta</translation>
    </message>
    <message>
        <source>Unanswered</source>
        <translation>Sin responder</translation>
    </message>
    <message>
        <source>Opens the inbox, unanswered first</source>
        <translation>Abre las preguntas, primero las sin responder</translation>
    </message>
    <message>
        <source>Waiting too long</source>
        <translation>Esperando demasiado</translation>
    </message>
    <message>
        <source>Opens the unanswered questions, oldest first</source>
        <translation>Abre las preguntas sin responder, primero las más antiguas</translation>
    </message>
    <message>
        <source>To process</source>
        <translation>Por procesar</translation>
    </message>
    <message>
        <source>Opens the paid orders not processed yet</source>
        <translation>Abre los pedidos pagados que todavía no se procesaron</translation>
    </message>
    <message>
        <source>To ship</source>
        <translation>Por enviar</translation>
    </message>
    <message>
        <source>Opens the processed orders not delivered yet</source>
        <translation>Abre los pedidos procesados que todavía no se entregaron</translation>
    </message>
    <message>
        <source>To rate</source>
        <translation>Por calificar</translation>
    </message>
    <message>
        <source>Opens the delivered orders waiting for your feedback</source>
        <translation>Abre los pedidos entregados que esperan tu calificación</translation>
    </message>
    <message>
        <source>Answers queued</source>
        <translation>Respuestas en cola</translation>
    </message>
    <message>
        <source>Opens the outbox</source>
        <translation>Abre la bandeja de salida</translation>
    </message>
    <message>
        <source>Changes queued</source>
        <translation>Cambios en cola</translation>
    </message>
    <message>
        <source>Last synced</source>
        <translation>Última sincronización</translation>
    </message>
    <message>
        <source>Today at a glance</source>
        <translation>Tu día de un vistazo</translation>
    </message>
    <message>
        <source>No shop connected</source>
        <translation>No hay ninguna tienda conectada</translation>
    </message>
    <message>
        <source>Your day at a glance appears here once a shop is connected: questions waiting, orders to ship, sales and how fast you answer.</source>
        <translation>Cuando conectes una tienda, aquí verás tu día de un vistazo: preguntas pendientes, pedidos por enviar, ventas y qué tan rápido respondes.</translation>
    </message>
    <message>
        <source>Dashboard</source>
        <translation>Resumen</translation>
    </message>
    <message>
        <source>Oldest asked {when}</source>
        <translation>La más antigua, {when}</translation>
    </message>
    <message>
        <source>All answered</source>
        <translation>Todas respondidas</translation>
    </message>
    <message>
        <source>Unanswered for over {goal}</source>
        <translation>Sin responder hace más de {goal}</translation>
    </message>
    <message>
        <source>Paid, not processed</source>
        <translation>Pagados, sin procesar</translation>
    </message>
    <message>
        <source>Processed, not delivered</source>
        <translation>Procesados, sin entregar</translation>
    </message>
    <message>
        <source>Delivered, your feedback pending</source>
        <translation>Entregados, falta tu calificación</translation>
    </message>
    <message>
        <source>Waiting in the outbox</source>
        <translation>En la bandeja de salida</translation>
    </message>
    <message>
        <source>Nothing waiting</source>
        <translation>Nada pendiente</translation>
    </message>
    <message numerus="yes">
        <source>%n need you</source>
        <translation>
            <numerusform>%n te necesita</numerusform>
            <numerusform>%n te necesitan</numerusform>
        </translation>
    </message>
    <message>
        <source>Answers included</source>
        <translation>Respuestas incluidas</translation>
    </message>
    <message>
        <source>Answers, shipping, invoices, codes</source>
        <translation>Respuestas, envíos, facturas, códigos</translation>
    </message>
    <message>
        <source>Not synced yet: figures from this computer</source>
        <translation>Sin sincronizar todavía: cifras de esta computadora</translation>
    </message>
    <message>
        <source>Figures as of {when}, from this computer&apos;s copy</source>
        <translation>Cifras actualizadas {when}, de la copia de esta computadora</translation>
    </message>
    <message>
        <source>{what} {when}</source>
        <translation>{what} {when}</translation>
    </message>
    <message>
        <source>Last synced: {times}</source>
        <translation>Última sincronización: {times}</translation>
    </message>
    <message>
        <source>Demo shop</source>
        <translation>Tienda de demostración</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <source>The shop has no such tracking code; nothing was changed.</source>
        <translation>La tienda no tiene ese código de seguimiento; no se cambió nada.</translation>
    </message>
    <message>
        <source>SellerDesk may not write to its data folder, so this change was not saved. Check that the disk is not read-only and that you may write to the folder.</source>
        <translation>SellerDesk no puede escribir en su carpeta de datos, así que este cambio no se guardó. Revisa que el disco no sea de solo lectura y que puedas escribir en la carpeta.</translation>
    </message>
    <message>
        <source>The computer ran out of memory while SellerDesk read or saved its data. Close other programs and try again.</source>
        <translation>La computadora se quedó sin memoria mientras SellerDesk leía o guardaba sus datos. Cierra otros programas y vuelve a intentarlo.</translation>
    </message>
    <message>
        <source>The shop service could not complete the request.</source>
        <translation>El servicio de la tienda no pudo completar la solicitud.</translation>
    </message>
    <message>
        <source>The shop service did not accept your access token. It may have expired: please enter a new one.</source>
        <translation>El servicio de la tienda no aceptó tu token de acceso. Puede que haya vencido: ingresa uno nuevo.</translation>
    </message>
    <message>
        <source>That record no longer exists on the shop service.</source>
        <translation>Ese registro ya no existe en el servicio de la tienda.</translation>
    </message>
    <message>
        <source>The shop service refused the request.</source>
        <translation>El servicio de la tienda rechazó la solicitud.</translation>
    </message>
    <message>
        <source>The shop service asks us to slow down; retrying shortly.</source>
        <translation>El servicio de la tienda pide ir más despacio; se reintentará en breve.</translation>
    </message>
    <message>
        <source>The shop service is having trouble right now; try again in a moment.</source>
        <translation>El servicio de la tienda tiene problemas en este momento; vuelve a intentarlo en un rato.</translation>
    </message>
    <message>
        <source>No connection to the shop service. Your work is kept and sent later.</source>
        <translation>No hay conexión con el servicio de la tienda. Tu trabajo se guarda y se envía más tarde.</translation>
    </message>
    <message>
        <source>The shop service sent an answer SellerDesk could not read.</source>
        <translation>El servicio de la tienda envió una respuesta que SellerDesk no pudo leer.</translation>
    </message>
    <message>
        <source>Your access token has expired or was revoked. Please enter a new one.</source>
        <translation>Tu token de acceso venció o fue revocado. Ingresa uno nuevo.</translation>
    </message>
    <message>
        <source>The shop no longer accepts SellerDesk&apos;s connection. Connect to the shop again from the profile.</source>
        <translation>La tienda ya no acepta la conexión de SellerDesk. Vuelve a conectarte a la tienda desde el perfil.</translation>
    </message>
    <message>
        <source>The sign-in was cancelled or refused in the browser.</source>
        <translation>El inicio de sesión se canceló o se rechazó en el navegador.</translation>
    </message>
    <message>
        <source>The sign-in took too long. Please try connecting again.</source>
        <translation>El inicio de sesión tardó demasiado. Intenta conectarte de nuevo.</translation>
    </message>
    <message>
        <source>The shop service did not accept the sign-in. Please try connecting again.</source>
        <translation>El servicio de la tienda no aceptó el inicio de sesión. Intenta conectarte de nuevo.</translation>
    </message>
    <message>
        <source>The shop service answered from another address (it may have moved). Check the service address of this shop.</source>
        <translation>El servicio de la tienda respondió desde otra dirección (quizá se mudó). Revisa la dirección del servicio de esta tienda.</translation>
    </message>
    <message>
        <source>The shop service sent the same page again when asked for the next one, so the list stops here.</source>
        <translation>El servicio de la tienda volvió a enviar la misma página al pedirle la siguiente, así que la lista termina aquí.</translation>
    </message>
    <message>
        <source>The shop service sent an answer larger than 16 MB, so SellerDesk stopped reading it.</source>
        <translation>El servicio de la tienda envió una respuesta de más de 16 MB, así que SellerDesk dejó de leerla.</translation>
    </message>
    <message>
        <source>The shop service took longer than 60 s to answer, so SellerDesk stopped waiting.</source>
        <translation>El servicio de la tienda tardó más de 60 s en responder, así que SellerDesk dejó de esperar.</translation>
    </message>
    <message>
        <source>SellerDesk could not read or save its local data.</source>
        <translation>SellerDesk no pudo leer ni guardar sus datos locales.</translation>
    </message>
    <message>
        <source>Your disk is full, so SellerDesk could not save this change. Everything saved before is safe. Free some disk space and try again.</source>
        <translation>El disco está lleno, así que SellerDesk no pudo guardar este cambio. Todo lo que se guardó antes está a salvo. Libera espacio en el disco y vuelve a intentarlo.</translation>
    </message>
    <message>
        <source>This shop&apos;s data is in use by another SellerDesk window or command. Close it and try again.</source>
        <translation>Otra ventana o comando de SellerDesk está usando los datos de esta tienda. Ciérralo y vuelve a intentarlo.</translation>
    </message>
    <message>
        <source>SellerDesk&apos;s local data file is damaged. Your shop&apos;s data is safe on the server; changes not yet sent may be lost.</source>
        <translation>El archivo de datos locales de SellerDesk está dañado. Los datos de tu tienda están a salvo en el servidor; los cambios que todavía no se enviaron podrían perderse.</translation>
    </message>
    <message>
        <source>This shop&apos;s local data was saved by a newer version of SellerDesk. Please update SellerDesk to open it.</source>
        <translation>Los datos locales de esta tienda se guardaron con una versión más nueva de SellerDesk. Actualiza SellerDesk para abrirlos.</translation>
    </message>
    <message>
        <source>SellerDesk&apos;s local data is closed.</source>
        <translation>Los datos locales de SellerDesk están cerrados.</translation>
    </message>
    <message>
        <source>SellerDesk could not open its data folder. Check that the disk is connected and that you may write to it.</source>
        <translation>SellerDesk no pudo abrir su carpeta de datos. Revisa que el disco esté conectado y que tengas permiso para escribir en él.</translation>
    </message>
    <message>
        <source>The disk reported an error while SellerDesk was saving. Everything saved before is safe.</source>
        <translation>El disco informó un error mientras SellerDesk guardaba. Todo lo que se guardó antes está a salvo.</translation>
    </message>
    <message>
        <source>That change has already moved on; the list is being refreshed.</source>
        <translation>Ese cambio ya avanzó; la lista se está actualizando.</translation>
    </message>
    <message>
        <source>The buyer&apos;s question was deleted.</source>
        <translation>La pregunta del comprador se eliminó.</translation>
    </message>
    <message>
        <source>This question was already answered elsewhere with another text.</source>
        <translation>Esta pregunta ya se respondió en otro lugar con otro texto.</translation>
    </message>
    <message>
        <source>The order no longer exists.</source>
        <translation>El pedido ya no existe.</translation>
    </message>
    <message>
        <source>This shipping no longer exists on the order.</source>
        <translation>Este envío ya no existe en el pedido.</translation>
    </message>
    <message>
        <source>The invoice of this order was changed elsewhere meanwhile.</source>
        <translation>Mientras tanto, la factura de este pedido se cambió en otro lugar.</translation>
    </message>
    <message>
        <source>The shipping of this order was changed elsewhere meanwhile.</source>
        <translation>Mientras tanto, el envío de este pedido se cambió en otro lugar.</translation>
    </message>
    <message>
        <source>This tracking code was never created.</source>
        <translation>Este código de seguimiento nunca se creó.</translation>
    </message>
    <message>
        <source>This tracking code was deleted elsewhere.</source>
        <translation>Este código de seguimiento se eliminó en otro lugar.</translation>
    </message>
    <message>
        <source>This tracking code was changed elsewhere meanwhile.</source>
        <translation>Mientras tanto, este código de seguimiento se cambió en otro lugar.</translation>
    </message>
    <message>
        <source>The buyer&apos;s question was deleted before the answer arrived.</source>
        <translation>La pregunta del comprador se eliminó antes de que llegara la respuesta.</translation>
    </message>
    <message>
        <source>The order (or its shipping) no longer exists.</source>
        <translation>El pedido (o su envío) ya no existe.</translation>
    </message>
    <message>
        <source>The access token is empty.</source>
        <translation>El token de acceso está vacío.</translation>
    </message>
    <message>
        <source>SellerDesk could not read its settings file.</source>
        <translation>SellerDesk no pudo leer su archivo de configuración.</translation>
    </message>
    <message>
        <source>SellerDesk could not save its settings file.</source>
        <translation>SellerDesk no pudo guardar su archivo de configuración.</translation>
    </message>
    <message>
        <source>A profile needs a name.</source>
        <translation>El perfil necesita un nombre.</translation>
    </message>
    <message>
        <source>The service address must start with http:// or https://.</source>
        <translation>La dirección del servicio debe empezar con http:// o https://.</translation>
    </message>
    <message>
        <source>Enter the service address without the access token.</source>
        <translation>Ingresa la dirección del servicio sin el token de acceso.</translation>
    </message>
    <message>
        <source>There is no saved shop by that name.</source>
        <translation>No hay ninguna tienda guardada con ese nombre.</translation>
    </message>
</context>
<context>
    <name>FacetModel</name>
    <message numerus="yes">
        <source>{count} choices</source>
        <translation>
            <numerusform>{count} opción</numerusform>
            <numerusform>{count} opciones</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{count} orders</source>
        <translation>
            <numerusform>{count} pedido</numerusform>
            <numerusform>{count} pedidos</numerusform>
        </translation>
    </message>
    <message>
        <source>Filter</source>
        <translation>Filtro</translation>
    </message>
    <message>
        <source>Orders</source>
        <translation>Pedidos</translation>
    </message>
</context>
<context>
    <name>FacetSidebar</name>
    <message>
        <source>Saved views</source>
        <translation>Vistas guardadas</translation>
    </message>
    <message>
        <source>Open a view you saved</source>
        <translation>Abrir una vista guardada</translation>
    </message>
    <message>
        <source>Save the current filters as a view</source>
        <translation>Guardar los filtros actuales como vista</translation>
    </message>
    <message>
        <source>Save view</source>
        <translation>Guardar vista</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>Guardar…</translation>
    </message>
    <message>
        <source>Delete the chosen saved view</source>
        <translation>Eliminar la vista guardada elegida</translation>
    </message>
    <message>
        <source>Delete saved view</source>
        <translation>Eliminar vista guardada</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Borrar</translation>
    </message>
    <message>
        <source>Show all orders again</source>
        <translation>Volver a mostrar todos los pedidos</translation>
    </message>
    <message>
        <source>Clear filters</source>
        <translation>Borrar filtros</translation>
    </message>
    <message>
        <source>Filters</source>
        <translation>Filtros</translation>
    </message>
    <message>
        <source>Views</source>
        <translation>Vistas</translation>
    </message>
    <message>
        <source>Name of this view:</source>
        <translation>Nombre de esta vista:</translation>
    </message>
</context>
<context>
    <name>FigureCard</name>
    <message>
        <source>{title}: {value}</source>
        <translation>{title}: {value}</translation>
    </message>
</context>
<context>
    <name>GroupBar</name>
    <message>
        <source>Write {buyer} where each buyer&apos;s first name goes.</source>
        <translation>Escribe {buyer} donde va el nombre de cada comprador.</translation>
    </message>
    <message numerus="yes">
        <source>Also answer %n more who asked the same about this listing</source>
        <translation>
            <numerusform>Responder también a %n persona más que preguntó lo mismo sobre esta publicación</numerusform>
            <numerusform>Responder también a %n personas más que preguntaron lo mismo sobre esta publicación</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>InboxPanel</name>
    <message>
        <source>Inbox</source>
        <translation>Preguntas</translation>
    </message>
    <message>
        <source>Next conversation</source>
        <translation>Conversación siguiente</translation>
    </message>
    <message>
        <source>Previous conversation</source>
        <translation>Conversación anterior</translation>
    </message>
    <message>
        <source>Next unanswered conversation</source>
        <translation>Siguiente conversación sin responder</translation>
    </message>
    <message>
        <source>Reply</source>
        <translation>Responder</translation>
    </message>
    <message>
        <source>Search questions</source>
        <translation>Buscar preguntas</translation>
    </message>
    <message>
        <source>Delete the question…</source>
        <translation>Eliminar la pregunta…</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Buscando…</translation>
    </message>
    <message>
        <source>Waiting for an answer: {n}</source>
        <translation>Esperando respuesta: {n}</translation>
    </message>
    <message>
        <source>Every question has an answer</source>
        <translation>Todas las preguntas tienen respuesta</translation>
    </message>
    <message>
        <source>Shown: {n}</source>
        <translation>Mostradas: {n}</translation>
    </message>
    <message>
        <source>Conversations: {n}</source>
        <translation>Conversaciones: {n}</translation>
    </message>
    <message>
        <source>Offline: showing the saved copy; answers wait in the outbox</source>
        <translation>Sin conexión: se muestra la copia guardada; las respuestas esperan en la bandeja de salida</translation>
    </message>
    <message>
        <source>No shop connected</source>
        <translation>No hay ninguna tienda conectada</translation>
    </message>
    <message>
        <source>Buyers&apos; questions and your answers appear here, grouped by conversation, once a shop is connected.</source>
        <translation>Cuando conectes una tienda, aquí aparecerán las preguntas de los compradores y tus respuestas, agrupadas por conversación.</translation>
    </message>
    <message>
        <source>Reading your shop&apos;s questions…</source>
        <translation>Leyendo las preguntas de tu tienda…</translation>
    </message>
    <message>
        <source>No results for these filters</source>
        <translation>No hay resultados con estos filtros</translation>
    </message>
    <message>
        <source>Try other words, or show all statuses and channels.</source>
        <translation>Prueba con otras palabras o muestra todos los estados y canales.</translation>
    </message>
    <message>
        <source>No unanswered questions — nice work</source>
        <translation>No hay preguntas sin responder. ¡Buen trabajo!</translation>
    </message>
    <message>
        <source>New questions from buyers show up here first.</source>
        <translation>Las preguntas nuevas de los compradores aparecen aquí primero.</translation>
    </message>
    <message>
        <source>No questions yet</source>
        <translation>Todavía no hay preguntas</translation>
    </message>
    <message>
        <source>Buyers&apos; questions appear here as they arrive.</source>
        <translation>Las preguntas de los compradores aparecen aquí a medida que llegan.</translation>
    </message>
    <message>
        <source>Conversations listed: {done} of {total}. They show here as soon as the list is read.</source>
        <translation>Conversaciones listadas: {done} de {total}. Aparecen aquí en cuanto se termina de leer la lista.</translation>
    </message>
    <message>
        <source>Conversations read: {done} of {total}.</source>
        <translation>Conversaciones leídas: {done} de {total}.</translation>
    </message>
    <message>
        <source>A shop&apos;s first reading takes a little while; the other views can be used meanwhile.</source>
        <translation>La primera lectura de una tienda lleva un rato; mientras tanto puedes usar las demás vistas.</translation>
    </message>
</context>
<context>
    <name>InvoiceForm</name>
    <message>
        <source>Update the invoice</source>
        <translation>Actualizar la factura</translation>
    </message>
    <message>
        <source>Invoiced</source>
        <translation>Facturado</translation>
    </message>
    <message>
        <source>e.g. 0001-00001234</source>
        <translation>p. ej., 0001-00001234</translation>
    </message>
    <message>
        <source>Invoice number</source>
        <translation>Número de factura</translation>
    </message>
    <message>
        <source>Invoice type</source>
        <translation>Tipo de factura</translation>
    </message>
    <message>
        <source>Update invoice</source>
        <translation>Actualizar factura</translation>
    </message>
    <message>
        <source>Number</source>
        <translation>Número</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <source>Enter the invoice number, or untick Invoiced.</source>
        <translation>Ingresa el número de factura o desmarca Facturado.</translation>
    </message>
</context>
<context>
    <name>KeyValues</name>
    <message>
        <source>… ({count} more characters)</source>
        <translation>… ({count} caracteres más)</translation>
    </message>
</context>
<context>
    <name>LanguageMenu</name>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Idioma</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>Idioma del sistema</translation>
    </message>
</context>
<context>
    <name>LinkButton</name>
    <message>
        <source>link</source>
        <translation>enlace</translation>
    </message>
    <message>
        <source>Open {address}</source>
        <translation>Abrir {address}</translation>
    </message>
    <message>
        <source>Open {what}: {address}</source>
        <translation>Abrir {what}: {address}</translation>
    </message>
    <message>
        <source>Not a web address SellerDesk opens</source>
        <translation>SellerDesk no abre esta dirección: no es una dirección web</translation>
    </message>
    <message>
        <source>{what}: none</source>
        <translation>{what}: ninguno</translation>
    </message>
    <message>
        <source>{what}: {address}</source>
        <translation>{what}: {address}</translation>
    </message>
</context>
<context>
    <name>Loading</name>
    <message>
        <source>Not fetched from the shop yet</source>
        <translation>Todavía no se descargó de la tienda</translation>
    </message>
    <message>
        <source>Updated {when}</source>
        <translation>Actualizado {when}</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>SellerDesk</source>
        <translation>SellerDesk</translation>
    </message>
    <message>
        <source>No shop connected</source>
        <translation>Ninguna tienda conectada</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Archivo</translation>
    </message>
    <message>
        <source>&amp;Profiles…</source>
        <translation>&amp;Perfiles…</translation>
    </message>
    <message>
        <source>&amp;Notifications and refresh…</source>
        <translation>&amp;Notificaciones y actualización…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Salir</translation>
    </message>
    <message>
        <source>&amp;Shops</source>
        <translation>&amp;Tiendas</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ver</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Actualizar</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>A&amp;yuda</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>A&amp;tajos de teclado</translation>
    </message>
    <message>
        <source>&amp;About SellerDesk</source>
        <translation>&amp;Acerca de SellerDesk</translation>
    </message>
    <message>
        <source>Demo shop</source>
        <translation>Tienda de demostración</translation>
    </message>
    <message>
        <source>Manage shops…</source>
        <translation>Administrar tiendas…</translation>
    </message>
    <message>
        <source>General</source>
        <translation>General</translation>
    </message>
    <message>
        <source>Views</source>
        <translation>Secciones</translation>
    </message>
    <message numerus="yes">
        <source>%n change(s) waiting to be sent</source>
        <translation>
            <numerusform>%n cambio por enviar</numerusform>
            <numerusform>%n cambios por enviar</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Sync now</source>
        <translation>&amp;Sincronizar ahora</translation>
    </message>
    <message>
        <source>Fetch what changed in the shop now, with progress and Cancel in the status bar.</source>
        <translation>Trae ahora lo que cambió en la tienda, con el progreso y Cancelar en la barra de estado.</translation>
    </message>
    <message>
        <source>&amp;Refresh this view</source>
        <translation>&amp;Actualizar esta vista</translation>
    </message>
</context>
<context>
    <name>MessageBanner</name>
    <message>
        <source>Messages</source>
        <translation>Mensajes</translation>
    </message>
</context>
<context>
    <name>NavigationList</name>
    <message>
        <source>Views</source>
        <translation>Secciones</translation>
    </message>
</context>
<context>
    <name>NoticeCounts</name>
    <message numerus="yes">
        <source>%n new question(s)</source>
        <translation>
            <numerusform>%n pregunta nueva</numerusform>
            <numerusform>%n preguntas nuevas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n new order(s)</source>
        <translation>
            <numerusform>%n pedido nuevo</numerusform>
            <numerusform>%n pedidos nuevos</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>NotificationSettingsDialog</name>
    <message>
        <source>Notifications and refresh</source>
        <translation>Notificaciones y actualización</translation>
    </message>
    <message>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <source>Look for news every (minutes)</source>
        <translation>Buscar novedades cada (minutos)</translation>
    </message>
    <message>
        <source>Show a desktop notification for new questions and orders</source>
        <translation>Mostrar una notificación de escritorio con cada pregunta y pedido nuevos</translation>
    </message>
    <message>
        <source>Quiet hours: no notifications from</source>
        <translation>Horario de silencio: sin notificaciones desde las</translation>
    </message>
    <message>
        <source>Quiet hours start</source>
        <translation>Inicio del horario de silencio</translation>
    </message>
    <message>
        <source>Quiet hours end</source>
        <translation>Fin del horario de silencio</translation>
    </message>
    <message>
        <source>A question is late after (minutes)</source>
        <translation>Una pregunta está demorada después de (minutos)</translation>
    </message>
    <message>
        <source>Look for news every</source>
        <translation>Buscar novedades cada</translation>
    </message>
    <message>
        <source>to</source>
        <translation>hasta las</translation>
    </message>
    <message>
        <source>A question is late after</source>
        <translation>Una pregunta está demorada después de</translation>
    </message>
    <message>
        <source>While offline, or when the shop service asks to slow down, SellerDesk looks less often and catches up as soon as it can. In quiet hours the counts still update.</source>
        <translation>Sin conexión, o cuando el servicio de la tienda pide ir más despacio, SellerDesk busca con menos frecuencia y se pone al día en cuanto puede. En el horario de silencio los contadores se siguen actualizando.</translation>
    </message>
    <message>
        <source>This desktop has no notification area: new questions and orders show as counts in the window only.</source>
        <translation>Este escritorio no tiene área de notificaciones: las preguntas y los pedidos nuevos solo se muestran como contadores en la ventana.</translation>
    </message>
</context>
<context>
    <name>Notifier</name>
    <message>
        <source>a buyer</source>
        <translation>un comprador</translation>
    </message>
    <message>
        <source>New question from {buyer}</source>
        <translation>Nueva pregunta de {buyer}</translation>
    </message>
    <message>
        <source>New order from {buyer}</source>
        <translation>Nuevo pedido de {buyer}</translation>
    </message>
    <message>
        <source>{shop}: {what}</source>
        <translation>{shop}: {what}</translation>
    </message>
    <message numerus="yes">
        <source>%n unanswered question(s)</source>
        <translation>
            <numerusform>%n pregunta sin responder</numerusform>
            <numerusform>%n preguntas sin responder</numerusform>
        </translation>
    </message>
    <message>
        <source>No questions waiting</source>
        <translation>No hay preguntas pendientes</translation>
    </message>
    <message>
        <source>Open SellerDesk</source>
        <translation>Abrir SellerDesk</translation>
    </message>
</context>
<context>
    <name>OptionsEditor</name>
    <message>
        <source>Options</source>
        <translation>Opciones</translation>
    </message>
    <message>
        <source>Add option</source>
        <translation>Agregar opción</translation>
    </message>
    <message>
        <source>Add an option</source>
        <translation>Agregar una opción</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Quitar</translation>
    </message>
    <message>
        <source>Remove the selected option</source>
        <translation>Quitar la opción seleccionada</translation>
    </message>
</context>
<context>
    <name>OptionsModel</name>
    <message>
        <source>Option</source>
        <translation>Opción</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Valor</translation>
    </message>
    <message>
        <source>text</source>
        <translation>texto</translation>
    </message>
    <message>
        <source>number or value</source>
        <translation>número o valor</translation>
    </message>
</context>
<context>
    <name>OrderCommands</name>
    <message numerus="yes">
        <source>Updating {count} shippings…</source>
        <translation>
            <numerusform>Actualizando {count} envío…</numerusform>
            <numerusform>Actualizando {count} envíos…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Exported {count} orders to {file}</source>
        <translation>
            <numerusform>Se exportó {count} pedido a {file}</numerusform>
            <numerusform>Se exportaron {count} pedidos a {file}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>OrderDetail</name>
    <message>
        <source>No order selected</source>
        <translation>Ningún pedido seleccionado</translation>
    </message>
    <message>
        <source>Pick an order in the list to see its buyer, products, payments and shipping here.</source>
        <translation>Elige un pedido de la lista para ver aquí su comprador, productos, pagos y envío.</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Actualizar</translation>
    </message>
    <message>
        <source>Read this order again from the shop</source>
        <translation>Volver a leer este pedido desde la tienda</translation>
    </message>
    <message>
        <source>Refresh this order from the shop</source>
        <translation>Actualizar este pedido desde la tienda</translation>
    </message>
    <message>
        <source>Close the detail (the list takes the whole height)</source>
        <translation>Cerrar el detalle (la lista ocupa toda la altura)</translation>
    </message>
    <message>
        <source>Close the order detail</source>
        <translation>Cerrar el detalle del pedido</translation>
    </message>
    <message>
        <source>Order detail</source>
        <translation>Detalle del pedido</translation>
    </message>
    <message>
        <source>Order {id}</source>
        <translation>Pedido {id}</translation>
    </message>
    <message>
        <source>Paid</source>
        <translation>Pagado</translation>
    </message>
    <message>
        <source>Unpaid</source>
        <translation>Sin pagar</translation>
    </message>
    <message>
        <source>Shipping: {state}</source>
        <translation>Envío: {state}</translation>
    </message>
    <message>
        <source>Delivered</source>
        <translation>Entregado</translation>
    </message>
    <message>
        <source>Not delivered</source>
        <translation>Sin entregar</translation>
    </message>
    <message>
        <source>Closed</source>
        <translation>Cerrado</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Abierto</translation>
    </message>
    <message>
        <source>To be agreed with the buyer</source>
        <translation>A convenir con el comprador</translation>
    </message>
    <message>
        <source>Your own delivery</source>
        <translation>Envío propio</translation>
    </message>
    <message>
        <source>Carrier</source>
        <translation>Transportista</translation>
    </message>
    <message>
        <source>Carrier, you print the label</source>
        <translation>Transportista; tú imprimes la etiqueta</translation>
    </message>
    <message>
        <source>Pending</source>
        <translation>Pendiente</translation>
    </message>
    <message>
        <source>Approved</source>
        <translation>Aprobado</translation>
    </message>
    <message>
        <source>In process</source>
        <translation>En proceso</translation>
    </message>
    <message>
        <source>Rejected</source>
        <translation>Rechazado</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Cancelado</translation>
    </message>
    <message>
        <source>Refunded</source>
        <translation>Reembolsado</translation>
    </message>
    <message>
        <source>Charged back</source>
        <translation>Contracargo</translation>
    </message>
    <message>
        <source>Buyer</source>
        <translation>Comprador</translation>
    </message>
    <message>
        <source>No buyer details.</source>
        <translation>Sin datos del comprador.</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>Nickname</source>
        <translation>Apodo</translation>
    </message>
    <message>
        <source>E-mail</source>
        <translation>Correo</translation>
    </message>
    <message>
        <source>Phone</source>
        <translation>Teléfono</translation>
    </message>
    <message>
        <source>Document</source>
        <translation>Documento</translation>
    </message>
    <message>
        <source>Client number</source>
        <translation>N.º de cliente</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Mensaje</translation>
    </message>
    <message>
        <source>Billing data</source>
        <translation>Datos de facturación</translation>
    </message>
    <message>
        <source>No billing data.</source>
        <translation>Sin datos de facturación.</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Dirección</translation>
    </message>
    <message>
        <source>City</source>
        <translation>Ciudad</translation>
    </message>
    <message>
        <source>Postcode</source>
        <translation>Código postal</translation>
    </message>
    <message>
        <source>Tax document</source>
        <translation>Documento fiscal</translation>
    </message>
    <message>
        <source>Products</source>
        <translation>Productos</translation>
    </message>
    <message>
        <source>{quantity} × {title}</source>
        <translation>{quantity} × {title}</translation>
    </message>
    <message>
        <source>(untitled)</source>
        <translation>(sin título)</translation>
    </message>
    <message>
        <source>Variation</source>
        <translation>Variante</translation>
    </message>
    <message>
        <source>SKU</source>
        <translation>SKU</translation>
    </message>
    <message>
        <source>{unit} each, {amount}</source>
        <translation>{unit} c/u, {amount}</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>Precio</translation>
    </message>
    <message>
        <source>Promotion</source>
        <translation>Promoción</translation>
    </message>
    <message>
        <source>No products listed.</source>
        <translation>No hay productos en la lista.</translation>
    </message>
    <message>
        <source>Discounts</source>
        <translation>Descuentos</translation>
    </message>
    <message>
        <source>Shipping</source>
        <translation>Envío</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>Payments</source>
        <translation>Pagos</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>Método</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Monto</translation>
    </message>
    <message>
        <source>Instalments</source>
        <translation>Cuotas</translation>
    </message>
    <message>
        <source>Paid on</source>
        <translation>Pagado el</translation>
    </message>
    <message>
        <source>No payments yet.</source>
        <translation>Todavía no hay pagos.</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <source>Tracking code</source>
        <translation>Número de seguimiento</translation>
    </message>
    <message>
        <source>Receiver</source>
        <translation>Destinatario</translation>
    </message>
    <message>
        <source>Deliver to</source>
        <translation>Entregar en</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Notas</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Costo</translation>
    </message>
    <message>
        <source>This order has no shipping.</source>
        <translation>Este pedido no tiene envío.</translation>
    </message>
    <message>
        <source>Invoice</source>
        <translation>Factura</translation>
    </message>
    <message>
        <source>Not invoiced yet.</source>
        <translation>Todavía sin facturar.</translation>
    </message>
    <message>
        <source>Number</source>
        <translation>Número</translation>
    </message>
    <message>
        <source>Invoiced on</source>
        <translation>Facturado el</translation>
    </message>
    <message>
        <source>No notes.</source>
        <translation>Sin notas.</translation>
    </message>
    <message>
        <source>Feedback</source>
        <translation>Calificación</translation>
    </message>
    <message>
        <source>From the buyer</source>
        <translation>Del comprador</translation>
    </message>
    <message>
        <source>From you</source>
        <translation>De tu parte</translation>
    </message>
    <message>
        <source>Given</source>
        <translation>Hecha</translation>
    </message>
    <message>
        <source>Billing name</source>
        <translation>Nombre de facturación</translation>
    </message>
    <message>
        <source>Billing e-mail</source>
        <translation>Correo de facturación</translation>
    </message>
    <message>
        <source>Billing phone</source>
        <translation>Teléfono de facturación</translation>
    </message>
    <message>
        <source>Billing city</source>
        <translation>Ciudad de facturación</translation>
    </message>
    <message>
        <source>Products total</source>
        <translation>Total de productos</translation>
    </message>
    <message>
        <source>Shipping total</source>
        <translation>Total del envío</translation>
    </message>
    <message>
        <source>Payment method</source>
        <translation>Método de pago</translation>
    </message>
    <message>
        <source>Payment status</source>
        <translation>Estado del pago</translation>
    </message>
    <message>
        <source>Amount paid</source>
        <translation>Monto pagado</translation>
    </message>
    <message>
        <source>Shipping number</source>
        <translation>Número de envío</translation>
    </message>
    <message>
        <source>Shipping status</source>
        <translation>Estado del envío</translation>
    </message>
    <message>
        <source>Shipping method</source>
        <translation>Método de envío</translation>
    </message>
    <message>
        <source>Shipping type</source>
        <translation>Tipo de envío</translation>
    </message>
    <message>
        <source>Receiver&apos;s phone</source>
        <translation>Teléfono del destinatario</translation>
    </message>
    <message>
        <source>Shipping notes</source>
        <translation>Notas del envío</translation>
    </message>
    <message>
        <source>Shipping cost</source>
        <translation>Costo del envío</translation>
    </message>
    <message>
        <source>Invoice number</source>
        <translation>Número de factura</translation>
    </message>
    <message>
        <source>Invoice type</source>
        <translation>Tipo de factura</translation>
    </message>
    <message>
        <source>Feedback from the buyer</source>
        <translation>Calificación del comprador</translation>
    </message>
    <message>
        <source>Your feedback</source>
        <translation>Tu calificación</translation>
    </message>
</context>
<context>
    <name>OrderFilters</name>
    <message>
        <source>Payment</source>
        <translation>Pago</translation>
    </message>
    <message>
        <source>Processing</source>
        <translation>Procesamiento</translation>
    </message>
    <message>
        <source>Shipping</source>
        <translation>Envío</translation>
    </message>
    <message>
        <source>Delivery</source>
        <translation>Entrega</translation>
    </message>
    <message>
        <source>Open or closed</source>
        <translation>Abiertos o cerrados</translation>
    </message>
    <message>
        <source>Buyer contact</source>
        <translation>Contacto con el comprador</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>Canal</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>Moneda</translation>
    </message>
    <message>
        <source>Feedback</source>
        <translation>Calificaciones</translation>
    </message>
    <message>
        <source>Buyer&apos;s feedback</source>
        <translation>Calificación del comprador</translation>
    </message>
    <message>
        <source>Your feedback</source>
        <translation>Tu calificación</translation>
    </message>
    <message>
        <source>Paid</source>
        <translation>Pagados</translation>
    </message>
    <message>
        <source>Not paid</source>
        <translation>Sin pagar</translation>
    </message>
    <message>
        <source>Processed</source>
        <translation>Procesados</translation>
    </message>
    <message>
        <source>Not processed</source>
        <translation>Sin procesar</translation>
    </message>
    <message>
        <source>Delivered</source>
        <translation>Entregados</translation>
    </message>
    <message>
        <source>Not delivered</source>
        <translation>Sin entregar</translation>
    </message>
    <message>
        <source>Closed</source>
        <translation>Cerrados</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Abiertos</translation>
    </message>
    <message>
        <source>Both given</source>
        <translation>Ambas hechas</translation>
    </message>
    <message>
        <source>Both pending</source>
        <translation>Ambas pendientes</translation>
    </message>
    <message>
        <source>Given</source>
        <translation>Hecha</translation>
    </message>
    <message>
        <source>Pending</source>
        <translation>Pendiente</translation>
    </message>
    <message>
        <source>Not contacted yet</source>
        <translation>Sin contactar</translation>
    </message>
    <message>
        <source>First contact made</source>
        <translation>Primer contacto hecho</translation>
    </message>
    <message>
        <source>Details confirmed</source>
        <translation>Datos confirmados</translation>
    </message>
    <message>
        <source>Ready for pick-up</source>
        <translation>Listo para retirar</translation>
    </message>
    <message>
        <source>On route</source>
        <translation>En camino</translation>
    </message>
    <message>
        <source>Label to print</source>
        <translation>Imprimir etiqueta</translation>
    </message>
    <message>
        <source>To be agreed</source>
        <translation>A convenir</translation>
    </message>
    <message>
        <source>Being prepared</source>
        <translation>En preparación</translation>
    </message>
    <message>
        <source>Shop</source>
        <translation>Tienda</translation>
    </message>
    <message>
        <source>Marketplace</source>
        <translation>Marketplace</translation>
    </message>
    <message>
        <source>To process</source>
        <translation>Por procesar</translation>
    </message>
    <message>
        <source>To ship</source>
        <translation>Por enviar</translation>
    </message>
    <message>
        <source>On the way</source>
        <translation>En camino</translation>
    </message>
    <message>
        <source>To rate</source>
        <translation>Por calificar</translation>
    </message>
    <message>
        <source>Paid orders not processed yet</source>
        <translation>Pedidos pagados que todavía no se procesaron</translation>
    </message>
    <message>
        <source>Paid and processed orders not handed to the carrier yet</source>
        <translation>Pedidos pagados y procesados que aún no se entregaron al transportista</translation>
    </message>
    <message>
        <source>Orders handed to the carrier and not delivered yet</source>
        <translation>Pedidos entregados al transportista y aún no recibidos</translation>
    </message>
    <message>
        <source>Total by currency, highest first</source>
        <translation>Total por moneda, mayor primero</translation>
    </message>
    <message>
        <source>Total by currency, lowest first</source>
        <translation>Total por moneda, menor primero</translation>
    </message>
    <message>
        <source>Delivered orders waiting for your feedback</source>
        <translation>Pedidos entregados que esperan tu calificación</translation>
    </message>
    <message>
        <source>Orders that are closed</source>
        <translation>Pedidos cerrados</translation>
    </message>
    <message>
        <source>Newest first</source>
        <translation>Más recientes primero</translation>
    </message>
    <message>
        <source>Oldest first</source>
        <translation>Más antiguos primero</translation>
    </message>
    <message>
        <source>Recently updated first</source>
        <translation>Actualizados recientemente primero</translation>
    </message>
    <message>
        <source>Least recently updated first</source>
        <translation>Actualizados hace más tiempo primero</translation>
    </message>
    <message>
        <source>Buyer name, A to Z</source>
        <translation>Nombre del comprador, A a Z</translation>
    </message>
    <message>
        <source>Buyer name, Z to A</source>
        <translation>Nombre del comprador, Z a A</translation>
    </message>
    <message>
        <source>Client number, ascending</source>
        <translation>N.º de cliente, ascendente</translation>
    </message>
    <message>
        <source>Client number, descending</source>
        <translation>N.º de cliente, descendente</translation>
    </message>
</context>
<context>
    <name>OrdersExport</name>
    <message>
        <source>Order</source>
        <translation>Pedido</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Fecha</translation>
    </message>
    <message>
        <source>Buyer</source>
        <translation>Comprador</translation>
    </message>
    <message>
        <source>Nickname</source>
        <translation>Apodo</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>Canal</translation>
    </message>
    <message>
        <source>Products</source>
        <translation>Productos</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>Moneda</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>Paid</source>
        <translation>Pagado</translation>
    </message>
    <message>
        <source>Processed</source>
        <translation>Procesado</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Shipping</source>
        <translation>Envío</translation>
    </message>
    <message>
        <source>Tracking codes</source>
        <translation>Códigos de seguimiento</translation>
    </message>
    <message>
        <source>Delivered</source>
        <translation>Entregado</translation>
    </message>
    <message>
        <source>Closed</source>
        <translation>Cerrado</translation>
    </message>
    <message>
        <source>Invoiced</source>
        <translation>Facturado</translation>
    </message>
    <message>
        <source>Invoice number</source>
        <translation>Número de factura</translation>
    </message>
</context>
<context>
    <name>OrdersPanel</name>
    <message>
        <source>Search orders</source>
        <translation>Buscar pedidos</translation>
    </message>
    <message>
        <source>Words from the buyer&apos;s name or nickname, a product, a tracking code or the order number</source>
        <translation>Palabras del nombre o apodo del comprador, de un producto, de un número de seguimiento o el número de pedido</translation>
    </message>
    <message>
        <source>Sort orders by</source>
        <translation>Ordenar pedidos por</translation>
    </message>
    <message>
        <source>Sort by</source>
        <translation>Ordenar por</translation>
    </message>
    <message>
        <source>Update shipping…</source>
        <translation>Actualizar envío…</translation>
    </message>
    <message>
        <source>Update the shipping of the selected orders</source>
        <translation>Actualizar el envío de los pedidos seleccionados</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Exportar…</translation>
    </message>
    <message>
        <source>Export the orders of this view to a CSV file</source>
        <translation>Exportar los pedidos de esta vista a un archivo CSV</translation>
    </message>
    <message>
        <source>Print…</source>
        <translation>Imprimir…</translation>
    </message>
    <message>
        <source>Print packing slips or a pick list for the selected orders, or for this view</source>
        <translation>Imprimir albaranes de envío o una lista de preparación de los pedidos seleccionados o de esta vista</translation>
    </message>
    <message>
        <source>No orders yet</source>
        <translation>Todavía no hay pedidos</translation>
    </message>
    <message>
        <source>Orders appear here after the next sync.</source>
        <translation>Los pedidos aparecen aquí después de la próxima sincronización.</translation>
    </message>
    <message>
        <source>No orders to show</source>
        <translation>No hay pedidos para mostrar</translation>
    </message>
    <message>
        <source>Your sales in the shop and on the marketplace appear here, with their payment and shipping state, once a shop is connected.</source>
        <translation>Cuando conectes una tienda, aquí aparecerán tus ventas en la tienda y en el marketplace, con su estado de pago y de envío.</translation>
    </message>
    <message>
        <source>Go to filters</source>
        <translation>Ir a los filtros</translation>
    </message>
    <message>
        <source>Go to the order list</source>
        <translation>Ir a la lista de pedidos</translation>
    </message>
    <message>
        <source>Edit the tracking code</source>
        <translation>Editar el número de seguimiento</translation>
    </message>
    <message>
        <source>Update shipping of the selected orders…</source>
        <translation>Actualizar el envío de los pedidos seleccionados…</translation>
    </message>
    <message>
        <source>Export this view to CSV…</source>
        <translation>Exportar esta vista a CSV…</translation>
    </message>
    <message>
        <source>Save these filters as a view…</source>
        <translation>Guardar estos filtros como vista…</translation>
    </message>
    <message>
        <source>Clear filters</source>
        <translation>Borrar filtros</translation>
    </message>
    <message>
        <source>Refresh the selected order from the shop</source>
        <translation>Actualizar el pedido seleccionado desde la tienda</translation>
    </message>
    <message>
        <source>Show: {view}</source>
        <translation>Mostrar: {view}</translation>
    </message>
    <message>
        <source>Orders</source>
        <translation>Pedidos</translation>
    </message>
    <message>
        <source>Select the orders to update first (Shift or Ctrl and click).</source>
        <translation>Primero selecciona los pedidos que quieres actualizar (Shift o Ctrl y clic).</translation>
    </message>
    <message>
        <source>Exporting orders…</source>
        <translation>Exportando pedidos…</translation>
    </message>
    <message>
        <source>Refreshing order {id}…</source>
        <translation>Actualizando el pedido {id}…</translation>
    </message>
    <message numerus="yes">
        <source>{count} orders</source>
        <translation>
            <numerusform>{count} pedido</numerusform>
            <numerusform>{count} pedidos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{count} orders match</source>
        <translation>
            <numerusform>{count} pedido coincide</numerusform>
            <numerusform>{count} pedidos coinciden</numerusform>
        </translation>
    </message>
    <message>
        <source> · {loaded} loaded, more as you scroll</source>
        <translation> · {loaded} cargados, más al desplazarte</translation>
    </message>
    <message>
        <source>No orders match these filters</source>
        <translation>Ningún pedido coincide con estos filtros</translation>
    </message>
    <message>
        <source>Clear a filter or search for other words (Ctrl+Shift+Backspace clears them all).</source>
        <translation>Quita un filtro o busca otras palabras (Ctrl+Shift+Backspace los borra todos).</translation>
    </message>
    <message>
        <source>Orders appear here after the next sync with the shop.</source>
        <translation>Los pedidos aparecen aquí después de la próxima sincronización con la tienda.</translation>
    </message>
    <message>
        <source>Saving the invoice of order {id}…</source>
        <translation>Guardando la factura del pedido {id}…</translation>
    </message>
    <message>
        <source>Saving the shipping of order {id}…</source>
        <translation>Guardando el envío del pedido {id}…</translation>
    </message>
    <message>
        <source>Export orders</source>
        <translation>Exportar pedidos</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>Archivos CSV (*.csv)</translation>
    </message>
    <message>
        <source>orders</source>
        <translation>pedidos</translation>
    </message>
</context>
<context>
    <name>OrdersTableModel</name>
    <message>
        <source>Loading orders…</source>
        <translation>Cargando pedidos…</translation>
    </message>
    <message>
        <source>Click to sort by this column</source>
        <translation>Haz clic para ordenar por esta columna</translation>
    </message>
    <message>
        <source>Changes of yours waiting to be sent, or just sent</source>
        <translation>Cambios suyos a la espera de envío, o recién enviados</translation>
    </message>
    <message>
        <source>No changes waiting</source>
        <translation>Sin cambios pendientes</translation>
    </message>
    <message>
        <source>Tracking: {codes}</source>
        <translation>Seguimiento: {codes}</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Pedido</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Fecha</translation>
    </message>
    <message>
        <source>Buyer</source>
        <translation>Comprador</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>Canal</translation>
    </message>
    <message>
        <source>Products</source>
        <translation>Productos</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>Paid</source>
        <translation>Pagado</translation>
    </message>
    <message>
        <source>Delivered</source>
        <translation>Entregado</translation>
    </message>
    <message>
        <source>Closed</source>
        <translation>Cerrado</translation>
    </message>
    <message>
        <source>Changes</source>
        <translation>Cambios</translation>
    </message>
    <message>
        <source>Unpaid</source>
        <translation>Impago</translation>
    </message>
    <message>
        <source>Market</source>
        <translation>Mercado</translation>
    </message>
    <message>
        <source>On the way</source>
        <translation>En camino</translation>
    </message>
    <message>
        <source>To pick up</source>
        <translation>Para retirar</translation>
    </message>
    <message>
        <source>Preparing</source>
        <translation>En preparación</translation>
    </message>
    <message>
        <source>Pending</source>
        <translation>Pendiente</translation>
    </message>
    <message>
        <source>No shipping</source>
        <translation>Sin envío</translation>
    </message>
    <message>
        <source>Total (by currency)</source>
        <translation>Total (por moneda)</translation>
    </message>
    <message>
        <source>Sorts by currency, then by amount within each currency (amounts in different currencies are not compared). Click to sort by this column</source>
        <translation>Ordena por moneda y luego por monto dentro de cada moneda (no se comparan montos de monedas distintas). Haz clic para ordenar por esta columna</translation>
    </message>
</context>
<context>
    <name>OrdersTableView</name>
    <message>
        <source>Orders</source>
        <translation>Pedidos</translation>
    </message>
</context>
<context>
    <name>Outbox</name>
    <message>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Código</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>Opciones</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Proveedor</translation>
    </message>
    <message>
        <source>Inserted on</source>
        <translation>Se inserta en</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Answer to question {id}</source>
        <translation>Respuesta a la pregunta {id}</translation>
    </message>
    <message>
        <source>Answer to {buyer} about {product}</source>
        <translation>Respuesta a {buyer} sobre {product}</translation>
    </message>
    <message>
        <source>Deletion of {buyer}’s question about {product}</source>
        <translation>Eliminación de la pregunta de {buyer} sobre {product}</translation>
    </message>
    <message>
        <source>Answer to {buyer}</source>
        <translation>Respuesta a {buyer}</translation>
    </message>
    <message>
        <source>Deletion of {buyer}’s question</source>
        <translation>Eliminación de la pregunta de {buyer}</translation>
    </message>
    <message>
        <source>Deletion of question {id}</source>
        <translation>Eliminación de la pregunta {id}</translation>
    </message>
    <message>
        <source>Invoice of order {id} ({buyer})</source>
        <translation>Factura del pedido {id} ({buyer})</translation>
    </message>
    <message>
        <source>Invoice of order {id}</source>
        <translation>Factura del pedido {id}</translation>
    </message>
    <message>
        <source>Shipping of order {id} ({buyer}) → {status}</source>
        <translation>Envío del pedido {id} ({buyer}) → {status}</translation>
    </message>
    <message>
        <source>Shipping of order {id} → {status}</source>
        <translation>Envío del pedido {id} → {status}</translation>
    </message>
    <message>
        <source>New tracking code “{name}”</source>
        <translation>Nuevo código de seguimiento “{name}”</translation>
    </message>
    <message>
        <source>Changes to tracking code “{name}”</source>
        <translation>Cambios en el código de seguimiento “{name}”</translation>
    </message>
    <message>
        <source>Changes to tracking code {id}</source>
        <translation>Cambios en el código de seguimiento {id}</translation>
    </message>
    <message>
        <source>Deletion of tracking code “{name}”</source>
        <translation>Eliminación del código de seguimiento «{name}»</translation>
    </message>
    <message>
        <source>Deletion of tracking code {id}</source>
        <translation>Eliminación del código de seguimiento {id}</translation>
    </message>
    <message>
        <source>{product} and {count} more</source>
        <translation>{product} y {count} más</translation>
    </message>
    <message>
        <source>Not invoiced</source>
        <translation>Sin facturar</translation>
    </message>
    <message>
        <source>Invoiced: {type} {number}</source>
        <translation>Facturado: {type} {number}</translation>
    </message>
    <message>
        <source>{status}, tracking {code}</source>
        <translation>{status}, seguimiento {code}</translation>
    </message>
    <message>
        <source>{provider}, {event}</source>
        <translation>{provider}, {event}</translation>
    </message>
    <message>
        <source>The question is removed from the shop</source>
        <translation>La pregunta se elimina de la tienda</translation>
    </message>
    <message>
        <source>The shop stops inserting this snippet</source>
        <translation>La tienda deja de insertar este fragmento de código</translation>
    </message>
    <message>
        <source>It was sent before without a clear answer from the shop, so SellerDesk first checks whether it is already there.</source>
        <translation>Ya se envió antes sin una respuesta clara de la tienda, así que SellerDesk comprueba primero si ya está allí.</translation>
    </message>
    <message>
        <source>Already on the shop: {what}. Nothing to undo, nothing was discarded.</source>
        <translation>Ya está en la tienda: {what}. No hay nada que deshacer y no se descartó nada.</translation>
    </message>
    <message>
        <source>“{what}” was sent before without a clear answer from the shop: it may already be on the shop.</source>
        <translation>“{what}” se envió antes sin una respuesta clara de la tienda: puede que ya esté en la tienda.</translation>
    </message>
    <message>
        <source>The shop cannot be reached to check ({reason}). Nothing was discarded. Discard it anyway? It will not be sent again, and it may stay on the shop.</source>
        <translation>No se puede contactar con la tienda para comprobarlo ({reason}). No se descartó nada. ¿Descartarlo de todos modos? No se volverá a enviar, y puede quedar en la tienda.</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(ninguno)</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>Sí</translation>
    </message>
    <message>
        <source>No</source>
        <translation>No</translation>
    </message>
    <message>
        <source>The record no longer exists on the shop, so your change cannot be applied.</source>
        <translation>El registro ya no existe en la tienda, así que tu cambio no se puede aplicar.</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Respuesta</translation>
    </message>
    <message>
        <source>(no answer)</source>
        <translation>(sin respuesta)</translation>
    </message>
    <message>
        <source>The buyer already has the other answer, and a question can only be answered once.</source>
        <translation>El comprador ya recibió la otra respuesta, y una pregunta se puede responder una sola vez.</translation>
    </message>
    <message>
        <source>Invoiced</source>
        <translation>Facturado</translation>
    </message>
    <message>
        <source>Number</source>
        <translation>Número</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <source>Tracking code</source>
        <translation>Número de seguimiento</translation>
    </message>
    <message>
        <source>Already gone</source>
        <translation>Ya no existe</translation>
    </message>
    <message>
        <source>Still there</source>
        <translation>Todavía existe</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Cambio</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Eliminar</translation>
    </message>
</context>
<context>
    <name>OutboxButton</name>
    <message>
        <source>Open the outbox (Ctrl+6)</source>
        <translation>Abrir la bandeja de salida (Ctrl+6)</translation>
    </message>
    <message>
        <source>Outbox: {waiting} waiting, {conflicts}</source>
        <translation>Bandeja de salida: {waiting} en espera, {conflicts}</translation>
    </message>
    <message numerus="yes">
        <source>%n need you</source>
        <translation>
            <numerusform>%n para resolver</numerusform>
            <numerusform>%n para resolver</numerusform>
        </translation>
    </message>
    <message>
        <source>Outbox: {waiting} waiting</source>
        <translation>Bandeja de salida: {waiting} en espera</translation>
    </message>
    <message>
        <source>Outbox: all sent</source>
        <translation>Bandeja de salida: todo enviado</translation>
    </message>
</context>
<context>
    <name>OutboxModel</name>
    <message>
        <source>Scheduled for {time}</source>
        <translation>Programado para las {time}</translation>
    </message>
    <message>
        <source>Waiting to retry</source>
        <translation>Esperando para reintentar</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Cambio</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Detalles</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Intentos</translation>
    </message>
    <message>
        <source>Last problem</source>
        <translation>Último problema</translation>
    </message>
    <message>
        <source>Made</source>
        <translation>Creado</translation>
    </message>
</context>
<context>
    <name>OutboxPanel</name>
    <message>
        <source>Nothing waiting to be sent</source>
        <translation>Nada esperando para enviarse</translation>
    </message>
    <message>
        <source>Outbox</source>
        <translation>Bandeja de salida</translation>
    </message>
    <message>
        <source>Send all now</source>
        <translation>Enviar todo ahora</translation>
    </message>
    <message>
        <source>Send every waiting change now</source>
        <translation>Enviar ahora todos los cambios en espera</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Reintentar</translation>
    </message>
    <message>
        <source>Send the selected change again</source>
        <translation>Volver a enviar el cambio seleccionado</translation>
    </message>
    <message>
        <source>Discard…</source>
        <translation>Descartar…</translation>
    </message>
    <message>
        <source>Discard the selected change</source>
        <translation>Descartar el cambio seleccionado</translation>
    </message>
    <message>
        <source>Resolve…</source>
        <translation>Resolver…</translation>
    </message>
    <message>
        <source>Resolve the selected conflict</source>
        <translation>Resolver el conflicto seleccionado</translation>
    </message>
    <message>
        <source>Changes waiting to be sent</source>
        <translation>Cambios a la espera de envío</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>Pregunta</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Detalles</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Last problem</source>
        <translation>Último problema</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Intentos</translation>
    </message>
    <message>
        <source>Made</source>
        <translation>Creado</translation>
    </message>
    <message>
        <source>Next attempt</source>
        <translation>Próximo intento</translation>
    </message>
    <message>
        <source>All changes sent</source>
        <translation>Todos los cambios enviados</translation>
    </message>
    <message>
        <source>Answers and updates you make while offline wait here until they reach the shop.</source>
        <translation>Las respuestas y los cambios que hagas sin conexión esperan aquí hasta llegar a la tienda.</translation>
    </message>
    <message>
        <source>Retry the selected change</source>
        <translation>Reintentar el cambio seleccionado</translation>
    </message>
    <message>
        <source>Send all waiting changes now</source>
        <translation>Enviar ahora todos los cambios en espera</translation>
    </message>
    <message>
        <source>Discard the selected change (in the list)</source>
        <translation>Descartar el cambio seleccionado (en la lista)</translation>
    </message>
    <message numerus="yes">
        <source>%n waiting</source>
        <translation>
            <numerusform>%n en espera</numerusform>
            <numerusform>%n en espera</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n need you</source>
        <translation>
            <numerusform>%n para resolver</numerusform>
            <numerusform>%n para resolver</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n changes need you: the shop has another version</source>
        <translation>
            <numerusform>%n cambio te necesita: la tienda tiene otra versión</numerusform>
            <numerusform>%n cambios te necesitan: la tienda tiene otra versión</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n changes left the outbox</source>
        <translation>
            <numerusform>%n cambio salió de la bandeja de salida</numerusform>
            <numerusform>%n cambios salieron de la bandeja de salida</numerusform>
        </translation>
    </message>
    <message>
        <source>Sending is paused: {reason}</source>
        <translation>El envío está en pausa: {reason}</translation>
    </message>
    <message>
        <source>Goes at</source>
        <translation>Sale a las</translation>
    </message>
    <message>
        <source>Products</source>
        <translation>Productos</translation>
    </message>
    <message>
        <source>(not in the saved copy)</source>
        <translation>(no está en la copia guardada)</translation>
    </message>
    <message>
        <source>Sending again…</source>
        <translation>Reenviando…</translation>
    </message>
    <message>
        <source>Discarding…</source>
        <translation>Descartando…</translation>
    </message>
    <message>
        <source>Discard change</source>
        <translation>Descartar cambio</translation>
    </message>
    <message>
        <source>Discard “{what}”?</source>
        <translation>¿Descartar “{what}”?</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Descartar</translation>
    </message>
    <message>
        <source>It will not be sent to the shop, and it cannot be brought back.</source>
        <translation>No se enviará a la tienda y no se podrá recuperar.</translation>
    </message>
    <message>
        <source>Discard anyway</source>
        <translation>Descartar de todos modos</translation>
    </message>
    <message>
        <source>Resolving the conflict…</source>
        <translation>Resolviendo el conflicto…</translation>
    </message>
</context>
<context>
    <name>ProfileDialog</name>
    <message>
        <source>Connect your shop</source>
        <translation>Conecta tu tienda</translation>
    </message>
    <message>
        <source>My shop</source>
        <translation>Mi tienda</translation>
    </message>
    <message>
        <source>Profile name</source>
        <translation>Nombre del perfil</translation>
    </message>
    <message>
        <source>Service address</source>
        <translation>Dirección del servicio</translation>
    </message>
    <message>
        <source>Shop number</source>
        <translation>Número de tienda</translation>
    </message>
    <message>
        <source>Access token</source>
        <translation>Token de acceso</translation>
    </message>
    <message>
        <source>Leave empty to keep the saved token</source>
        <translation>Déjalo vacío para conservar el token guardado</translation>
    </message>
    <message>
        <source>Try the demo shop</source>
        <translation>Probar la tienda de demostración</translation>
    </message>
    <message>
        <source>Enter the address of the shop service and your shop&apos;s number, then the access token you got from the marketplace or sign in with it. Or look around first with the demo shop.</source>
        <translation>Ingresa la dirección del servicio de la tienda y el número de tu tienda, luego el token de acceso que te dio el marketplace o inicia sesión con él. O echa un vistazo primero con la tienda de demostración.</translation>
    </message>
    <message>
        <source>Sign in</source>
        <translation>Iniciar sesión</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>Conectar</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>SellerDesk opens the shop service&apos;s sign-in page in your browser; allow SellerDesk there and it renews its access by itself from then on.</source>
        <translation>SellerDesk abre la página de inicio de sesión del servicio de la tienda en tu navegador; autoriza a SellerDesk allí y desde entonces renueva su acceso por sí solo.</translation>
    </message>
    <message>
        <source>Sign-in page</source>
        <translation>Página de inicio de sesión</translation>
    </message>
    <message>
        <source>Token address</source>
        <translation>Dirección del token</translation>
    </message>
    <message>
        <source>App ID</source>
        <translation>ID de la aplicación</translation>
    </message>
    <message>
        <source>App secret</source>
        <translation>Secreto de la aplicación</translation>
    </message>
    <message>
        <source>Redirect address</source>
        <translation>Dirección de redirección</translation>
    </message>
    <message>
        <source>Empty: back to SellerDesk on this computer</source>
        <translation>Vacía: de vuelta a SellerDesk en esta computadora</translation>
    </message>
    <message>
        <source>Address or code from the browser</source>
        <translation>Dirección o código del navegador</translation>
    </message>
    <message>
        <source>Paste the address your browser ended on</source>
        <translation>Pega la dirección en la que terminó tu navegador</translation>
    </message>
    <message>
        <source>Finish signing in</source>
        <translation>Terminar de iniciar sesión</translation>
    </message>
    <message>
        <source>Give the profile a name.</source>
        <translation>Ponle un nombre al perfil.</translation>
    </message>
    <message>
        <source>That name is kept for the demo shop; choose another.</source>
        <translation>Ese nombre está reservado para la tienda de demostración; elige otro.</translation>
    </message>
    <message>
        <source>The service address starts with https:// (or http://).</source>
        <translation>La dirección del servicio empieza con https:// (o http://).</translation>
    </message>
    <message>
        <source>The sign-in page and the token address start with https:// (or http://).</source>
        <translation>La página de inicio de sesión y la dirección del token empiezan con https:// (o http://).</translation>
    </message>
    <message>
        <source>Enter the app&apos;s ID and secret (from the marketplace&apos;s developer page).</source>
        <translation>Ingresa el ID y el secreto de la aplicación (de la página para desarrolladores del marketplace).</translation>
    </message>
    <message>
        <source>The redirect address starts with https:// (or http://).</source>
        <translation>La dirección de redirección empieza con https:// (o http://).</translation>
    </message>
    <message>
        <source>Signing in is not possible here; paste an access token.</source>
        <translation>Aquí no es posible iniciar sesión; pega un token de acceso.</translation>
    </message>
    <message>
        <source>Paste the access token.</source>
        <translation>Pega el token de acceso.</translation>
    </message>
    <message>
        <source>Waiting for the sign-in…</source>
        <translation>Esperando el inicio de sesión…</translation>
    </message>
    <message>
        <source>Paste the address your browser ended on, or the code.</source>
        <translation>Pega la dirección en la que terminó tu navegador, o el código.</translation>
    </message>
    <message>
        <source>Finishing the sign-in…</source>
        <translation>Terminando el inicio de sesión…</translation>
    </message>
    <message>
        <source>Sign-in address</source>
        <translation>Dirección de inicio de sesión</translation>
    </message>
    <message>
        <source>Copy address</source>
        <translation>Copiar dirección</translation>
    </message>
    <message>
        <source>Copy the sign-in address</source>
        <translation>Copiar la dirección de inicio de sesión</translation>
    </message>
    <message>
        <source>That is the demo shop&apos;s own server: it runs only while the demo shop is open, on an address that changes every time, so a shop connected to it would be offline at once. Enter your shop service&apos;s address, or use “Try the demo shop”.</source>
        <translation>Ese es el servidor propio de la tienda de demostración: solo funciona mientras la tienda de demostración está abierta, en una dirección que cambia cada vez, así que una tienda conectada a él quedaría sin conexión enseguida. Escribe la dirección del servicio de tu tienda o usa “Probar la tienda de demostración”.</translation>
    </message>
    <message>
        <source>Opening the sign-in page…</source>
        <translation>Abriendo la página de inicio de sesión…</translation>
    </message>
    <message>
        <source>Allow SellerDesk on the page that opened in your browser; SellerDesk goes on by itself once you do. No page opened, or your browser is on another computer? Copy this address into it, allow SellerDesk, then paste below the address it ended on.</source>
        <translation>Autoriza a SellerDesk en la página que se abrió en tu navegador; SellerDesk sigue solo en cuanto lo hagas. ¿No se abrió ninguna página, o tu navegador está en otra computadora? Copia esta dirección en él, autoriza a SellerDesk y pega abajo la dirección en la que terminó.</translation>
    </message>
    <message>
        <source>Allow SellerDesk on the page that opened in your browser, then paste below the address it ended on (or the code it shows). No page opened? Copy this address into a browser.</source>
        <translation>Autoriza a SellerDesk en la página que se abrió en tu navegador y pega abajo la dirección en la que terminó (o el código que muestra). ¿No se abrió ninguna página? Copia esta dirección en un navegador.</translation>
    </message>
    <message>
        <source>No browser could be opened here. Copy this address into a browser (on this computer or another), allow SellerDesk there, then paste below the address the browser ended on (or the code it shows).</source>
        <translation>No se pudo abrir ningún navegador aquí. Copia esta dirección en un navegador (en esta computadora o en otra), autoriza allí a SellerDesk y pega abajo la dirección en la que terminó el navegador (o el código que muestra).</translation>
    </message>
    <message>
        <source>The sign-in address is copied.</source>
        <translation>La dirección de inicio de sesión está copiada.</translation>
    </message>
    <message>
        <source>That holds no code of this sign-in. Paste the whole address your browser ended on after you allowed SellerDesk, or the code it shows.</source>
        <translation>Eso no contiene ningún código de este inicio de sesión. Pega la dirección completa en la que terminó tu navegador después de autorizar a SellerDesk, o el código que muestra.</translation>
    </message>
</context>
<context>
    <name>Profiles</name>
    <message>
        <source>Your system has no secure password store; the token is kept only until you close SellerDesk.</source>
        <translation>Tu sistema no tiene un almacén seguro de contraseñas; el token se conserva solo hasta que cierres SellerDesk.</translation>
    </message>
    <message>
        <source>Your system&apos;s password store did not accept the token; it is kept only until you close SellerDesk.</source>
        <translation>El almacén de contraseñas de tu sistema no aceptó el token; se conserva solo hasta que cierres SellerDesk.</translation>
    </message>
</context>
<context>
    <name>ProfilesDialog</name>
    <message>
        <source>Shops</source>
        <translation>Tiendas</translation>
    </message>
    <message>
        <source>Your shops</source>
        <translation>Tus tiendas</translation>
    </message>
    <message>
        <source>Each shop keeps its own data on this computer and its own access token in the system&apos;s password store.</source>
        <translation>Cada tienda guarda sus propios datos en esta computadora y su propio token de acceso en el almacén de contraseñas del sistema.</translation>
    </message>
    <message>
        <source>Saved shops</source>
        <translation>Tiendas guardadas</translation>
    </message>
    <message>
        <source>Switch to this shop</source>
        <translation>Cambiar a esta tienda</translation>
    </message>
    <message>
        <source>Add a shop…</source>
        <translation>Agregar una tienda…</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>Editar…</translation>
    </message>
    <message>
        <source>Change the address, shop number or token</source>
        <translation>Cambiar la dirección, el número de tienda o el token</translation>
    </message>
    <message>
        <source>Remove…</source>
        <translation>Quitar…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Cerrar</translation>
    </message>
    <message>
        <source>{address} · shop {number}</source>
        <translation>{address} · tienda {number}</translation>
    </message>
    <message>
        <source>Demo shop</source>
        <translation>Tienda de demostración</translation>
    </message>
    <message>
        <source>Sample data, no account needed</source>
        <translation>Datos de ejemplo, sin necesidad de cuenta</translation>
    </message>
    <message>
        <source> — open in this window</source>
        <translation> — abierta en esta ventana</translation>
    </message>
    <message>
        <source>Switch to another shop first</source>
        <translation>Primero cambia a otra tienda</translation>
    </message>
    <message>
        <source>Change what the shop service gave you; leave the token empty to keep the saved one.</source>
        <translation>Cambia los datos que te dio el servicio de la tienda; deja el token vacío para conservar el guardado.</translation>
    </message>
    <message>
        <source>Save and open</source>
        <translation>Guardar y abrir</translation>
    </message>
    <message>
        <source>Remove shop</source>
        <translation>Quitar tienda</translation>
    </message>
    <message>
        <source>Remove “{name}” from SellerDesk?</source>
        <translation>¿Quitar “{name}” de SellerDesk?</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Quitar</translation>
    </message>
    <message>
        <source>Its access token is deleted from the password store. Its data on this computer stays until you delete the data folder.</source>
        <translation>Su token de acceso se borra del almacén de contraseñas. Sus datos en esta computadora se conservan hasta que borres la carpeta de datos.</translation>
    </message>
    <message>
        <source>Removing {name}…</source>
        <translation>Quitando {name}…</translation>
    </message>
</context>
<context>
    <name>PublicationHeader</name>
    <message>
        <source>Out of stock</source>
        <translation>Sin stock</translation>
    </message>
    <message numerus="yes">
        <source>%n in stock</source>
        <translation>
            <numerusform>%n disponible</numerusform>
            <numerusform>%n disponibles</numerusform>
        </translation>
    </message>
    <message>
        <source>Open listing</source>
        <translation>Abrir publicación</translation>
    </message>
    <message>
        <source>Open the listing in the browser</source>
        <translation>Abrir la publicación en el navegador</translation>
    </message>
    <message>
        <source>Question about your shop</source>
        <translation>Pregunta sobre tu tienda</translation>
    </message>
    <message>
        <source>Asked by {buyer}</source>
        <translation>Pregunta de {buyer}</translation>
    </message>
    <message numerus="yes">
        <source>%n waiting for an answer</source>
        <translation>
            <numerusform>%n esperando respuesta</numerusform>
            <numerusform>%n esperando respuesta</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n in the outbox</source>
        <translation>
            <numerusform>%n en la bandeja de salida</numerusform>
            <numerusform>%n en la bandeja de salida</numerusform>
        </translation>
    </message>
    <message>
        <source>Every question answered</source>
        <translation>Todas las preguntas respondidas</translation>
    </message>
</context>
<context>
    <name>QuestionCard</name>
    <message>
        <source>Show the whole question</source>
        <translation>Ver la pregunta completa</translation>
    </message>
    <message>
        <source>Reply</source>
        <translation>Responder</translation>
    </message>
    <message>
        <source>Reply to this question</source>
        <translation>Responder esta pregunta</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Eliminar…</translation>
    </message>
    <message>
        <source>Delete this question</source>
        <translation>Eliminar esta pregunta</translation>
    </message>
    <message>
        <source>Deleting…</source>
        <translation>Eliminando…</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Deshacer</translation>
    </message>
    <message>
        <source>Undo the delete</source>
        <translation>Deshacer la eliminación</translation>
    </message>
    <message>
        <source>Your answer</source>
        <translation>Tu respuesta</translation>
    </message>
    <message>
        <source>Open the outbox</source>
        <translation>Abrir la bandeja de salida</translation>
    </message>
    <message>
        <source>Buyer</source>
        <translation>Comprador</translation>
    </message>
    <message>
        <source>Question from {buyer}</source>
        <translation>Pregunta de {buyer}</translation>
    </message>
    <message>
        <source>This question changed on the shop before your answer arrived.</source>
        <translation>Esta pregunta cambió en la tienda antes de que llegara tu respuesta.</translation>
    </message>
    <message>
        <source>Open the outbox to compare both versions and choose one.</source>
        <translation>Abre la bandeja de salida para comparar las dos versiones y elegir una.</translation>
    </message>
    <message>
        <source>Not sent: {reason}</source>
        <translation>No enviada: {reason}</translation>
    </message>
    <message>
        <source>Waiting for the connection; it is sent by itself.</source>
        <translation>Esperando la conexión; se enviará sola.</translation>
    </message>
</context>
<context>
    <name>RecordCard</name>
    <message>
        <source>empty</source>
        <translation>vacío</translation>
    </message>
</context>
<context>
    <name>ValueText</name>
    <message>
        <source>{caption}: {value}</source>
        <translation>{caption}: {value}</translation>
    </message>
</context>
<context>
    <name>SavedRepliesMenu</name>
    <message>
        <source>Saved replies</source>
        <translation>Respuestas guardadas</translation>
    </message>
    <message>
        <source>No saved replies yet</source>
        <translation>Todavía no hay respuestas guardadas</translation>
    </message>
    <message>
        <source>Save current text as a reply…</source>
        <translation>Guardar el texto actual como respuesta…</translation>
    </message>
    <message>
        <source>Remove a saved reply</source>
        <translation>Quitar una respuesta guardada</translation>
    </message>
    <message>
        <source>Save as a reply</source>
        <translation>Guardar como respuesta</translation>
    </message>
    <message>
        <source>Name of the reply. In its text, {buyer} and {product} are replaced by the buyer&apos;s first name and the product.</source>
        <translation>Nombre de la respuesta. En el texto, {buyer} y {product} se reemplazan por el nombre del comprador y el producto.</translation>
    </message>
</context>
<context>
    <name>SearchField</name>
    <message>
        <source>Clear the search</source>
        <translation>Borrar la búsqueda</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Buscar</translation>
    </message>
</context>
<context>
    <name>ShippingForm</name>
    <message>
        <source>Update the shipping</source>
        <translation>Actualizar el envío</translation>
    </message>
    <message>
        <source>Shipping to update</source>
        <translation>Envío a actualizar</translation>
    </message>
    <message>
        <source>Shipping status</source>
        <translation>Estado del envío</translation>
    </message>
    <message>
        <source>Carrier&apos;s tracking code</source>
        <translation>Número de seguimiento del transportista</translation>
    </message>
    <message>
        <source>Tracking code</source>
        <translation>Número de seguimiento</translation>
    </message>
    <message>
        <source>Update shipping</source>
        <translation>Actualizar envío</translation>
    </message>
    <message>
        <source>Shipping</source>
        <translation>Envío</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Tracking</source>
        <translation>Seguimiento</translation>
    </message>
    <message>
        <source>#{id} {method}</source>
        <translation>#{id} {method}</translation>
    </message>
    <message>
        <source>This order has no shipping to update.</source>
        <translation>Este pedido no tiene un envío para actualizar.</translation>
    </message>
</context>
<context>
    <name>ShopConnector</name>
    <message>
        <source>Syncing the shop record…</source>
        <translation>Sincronizando los datos de la tienda…</translation>
    </message>
    <message>
        <source>Syncing categories…</source>
        <translation>Sincronizando categorías…</translation>
    </message>
    <message>
        <source>Syncing tracking codes…</source>
        <translation>Sincronizando códigos de seguimiento…</translation>
    </message>
    <message>
        <source>Syncing questions…</source>
        <translation>Sincronizando preguntas…</translation>
    </message>
    <message>
        <source>Syncing conversations…</source>
        <translation>Sincronizando conversaciones…</translation>
    </message>
    <message>
        <source>Syncing orders…</source>
        <translation>Sincronizando pedidos…</translation>
    </message>
    <message>
        <source>Syncing…</source>
        <translation>Sincronizando…</translation>
    </message>
    <message>
        <source>Shop record</source>
        <translation>Ficha de la tienda</translation>
    </message>
    <message>
        <source>Categories</source>
        <translation>Categorías</translation>
    </message>
    <message>
        <source>Tracking codes</source>
        <translation>Códigos de seguimiento</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>Conversaciones</translation>
    </message>
    <message>
        <source>Questions</source>
        <translation>Preguntas</translation>
    </message>
    <message>
        <source>Orders</source>
        <translation>Pedidos</translation>
    </message>
    <message>
        <source>Shop record not synced</source>
        <translation>Ficha de la tienda sin sincronizar</translation>
    </message>
    <message>
        <source>Categories not synced</source>
        <translation>Categorías sin sincronizar</translation>
    </message>
    <message>
        <source>Tracking codes not synced</source>
        <translation>Códigos de seguimiento sin sincronizar</translation>
    </message>
    <message>
        <source>Questions not synced</source>
        <translation>Preguntas sin sincronizar</translation>
    </message>
    <message>
        <source>Orders not synced</source>
        <translation>Pedidos sin sincronizar</translation>
    </message>
    <message>
        <source>Sample data, no account needed</source>
        <translation>Datos de ejemplo, sin necesidad de cuenta</translation>
    </message>
    <message>
        <source>Connect again…</source>
        <translation>Volver a conectar…</translation>
    </message>
    <message>
        <source>Syncing and sending are paused: {reason}</source>
        <translation>La sincronización y el envío están en pausa: {reason}</translation>
    </message>
    <message>
        <source>{shop}: syncing and sending are paused</source>
        <translation>{shop}: la sincronización y el envío están en pausa</translation>
    </message>
    <message numerus="yes">
        <source>%n unanswered question(s)</source>
        <translation>
            <numerusform>%n pregunta sin responder</numerusform>
            <numerusform>%n preguntas sin responder</numerusform>
        </translation>
    </message>
    <message>
        <source>Enter a new token…</source>
        <translation>Ingresar un token nuevo…</translation>
    </message>
    <message>
        <source>Syncing with the shop…</source>
        <translation>Sincronizando con la tienda…</translation>
    </message>
    <message>
        <source>Already syncing; the outcome will show here.</source>
        <translation>Ya se está sincronizando; el resultado aparecerá aquí.</translation>
    </message>
</context>
<context>
    <name>ShopPanel</name>
    <message>
        <source>Shop</source>
        <translation>Tienda</translation>
    </message>
    <message>
        <source>The shop&apos;s logo</source>
        <translation>El logo de la tienda</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>Plan</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <source>Logo</source>
        <translation>Logo</translation>
    </message>
    <message>
        <source>Shop id</source>
        <translation>ID de la tienda</translation>
    </message>
    <message>
        <source>Online</source>
        <translation>En línea</translation>
    </message>
    <message>
        <source>the shop&apos;s e-mail</source>
        <translation>el correo de la tienda</translation>
    </message>
    <message>
        <source>the shop</source>
        <translation>la tienda</translation>
    </message>
    <message>
        <source>the shop&apos;s administration</source>
        <translation>el panel de administración de la tienda</translation>
    </message>
    <message>
        <source>E-mail</source>
        <translation>Correo</translation>
    </message>
    <message>
        <source>Website</source>
        <translation>Sitio web</translation>
    </message>
    <message>
        <source>Administration</source>
        <translation>Administración</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Dirección</translation>
    </message>
    <message>
        <source>Street</source>
        <translation>Calle</translation>
    </message>
    <message>
        <source>City</source>
        <translation>Ciudad</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Provincia o estado</translation>
    </message>
    <message>
        <source>Postal code</source>
        <translation>Código postal</translation>
    </message>
    <message>
        <source>Country</source>
        <translation>País</translation>
    </message>
    <message>
        <source>Phone</source>
        <translation>Teléfono</translation>
    </message>
    <message>
        <source>Shop record</source>
        <translation>Ficha de la tienda</translation>
    </message>
    <message>
        <source>Shop details not loaded</source>
        <translation>Los datos de la tienda no están cargados</translation>
    </message>
    <message>
        <source>Your shop&apos;s status, plan, contact details and address appear here.</source>
        <translation>Aquí aparecen el estado, el plan, los datos de contacto y la dirección de tu tienda.</translation>
    </message>
    <message>
        <source>Open the shop in the browser</source>
        <translation>Abrir la tienda en el navegador</translation>
    </message>
    <message>
        <source>Open the shop&apos;s administration</source>
        <translation>Abrir la administración de la tienda</translation>
    </message>
    <message>
        <source>Write to the shop&apos;s e-mail</source>
        <translation>Escribir al correo de la tienda</translation>
    </message>
    <message>
        <source>Updating the shop record…</source>
        <translation>Actualizando los datos de la tienda…</translation>
    </message>
    <message>
        <source>The shop record could not be fetched</source>
        <translation>No se pudieron descargar los datos de la tienda</translation>
    </message>
    <message>
        <source>(no name)</source>
        <translation>(sin nombre)</translation>
    </message>
    <message>
        <source>Shop {id}</source>
        <translation>Tienda {id}</translation>
    </message>
    <message>
        <source>Has a logo</source>
        <translation>Tiene logo</translation>
    </message>
    <message>
        <source>No logo</source>
        <translation>Sin logo</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>Activa</translation>
    </message>
    <message>
        <source>Closed</source>
        <translation>Cerrada</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Desconocido</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Atajos de teclado</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Acción</translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation>Atajo</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Cerrar</translation>
    </message>
</context>
<context>
    <name>SlowDownNote</name>
    <message>
        <source>The shop service limits how many requests SellerDesk may send. Everything waits until then and carries on by itself; changes you make are kept in the outbox.</source>
        <translation>El servicio de la tienda limita cuántas solicitudes puede enviar SellerDesk. Todo espera hasta entonces y sigue por sí solo; los cambios que hagas quedan en la bandeja de salida.</translation>
    </message>
</context>
<context>
    <name>StateChip</name>
    <message>
        <source>Queued</source>
        <translation>En cola</translation>
    </message>
    <message>
        <source>Scheduled</source>
        <translation>Programado</translation>
    </message>
    <message>
        <source>Sending…</source>
        <translation>Enviando…</translation>
    </message>
    <message>
        <source>Sent</source>
        <translation>Enviado</translation>
    </message>
    <message>
        <source>Conflict</source>
        <translation>Conflicto</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Falló</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>Activo</translation>
    </message>
    <message>
        <source>Inactive</source>
        <translation>Inactivo</translation>
    </message>
    <message>
        <source>Offline copy</source>
        <translation>Copia sin conexión</translation>
    </message>
</context>
<context>
    <name>StatusBar</name>
    <message>
        <source>Not connected</source>
        <translation>No conectado</translation>
    </message>
    <message>
        <source>No shop profile is open. File → Profiles… connects one.</source>
        <translation>No hay ningún perfil de tienda abierto. Archivo → Perfiles… conecta uno.</translation>
    </message>
    <message>
        <source>Online</source>
        <translation>Conectado</translation>
    </message>
    <message>
        <source>Connected to the shop service.</source>
        <translation>Conectado al servicio de la tienda.</translation>
    </message>
    <message>
        <source>Offline</source>
        <translation>Sin conexión</translation>
    </message>
    <message>
        <source>The shop service cannot be reached. You can keep working: changes wait in the outbox.</source>
        <translation>No se puede acceder al servicio de la tienda. Puedes seguir trabajando: los cambios esperan en la bandeja de salida.</translation>
    </message>
    <message>
        <source>The shop service asked us to slow down — resuming at {time}</source>
        <translation>El servicio de la tienda pidió ir más despacio: se reanuda a las {time}</translation>
    </message>
</context>
<context>
    <name>SuggestionButton</name>
    <message>
        <source>Use suggested answer {n}: {answer}</source>
        <translation>Usar la respuesta sugerida {n}: {answer}</translation>
    </message>
    <message>
        <source>Your answer to: {question}. Shortcut {key}</source>
        <translation>Tu respuesta a: {question}. Atajo {key}</translation>
    </message>
    <message>
        <source>Words in common: {words}</source>
        <translation>Palabras en común: {words}</translation>
    </message>
</context>
<context>
    <name>SuggestionPane</name>
    <message>
        <source>Answered before</source>
        <translation>Respondidas antes</translation>
    </message>
    <message>
        <source>Suggested answers</source>
        <translation>Respuestas sugeridas</translation>
    </message>
    <message>
        <source>Use suggested answer {n}</source>
        <translation>Usar la respuesta sugerida {n}</translation>
    </message>
    <message>
        <source>No close match among your past answers.</source>
        <translation>Ninguna de tus respuestas anteriores se parece lo suficiente.</translation>
    </message>
    <message>
        <source>Show suggested answers</source>
        <translation>Mostrar las respuestas sugeridas</translation>
    </message>
    <message>
        <source>Hide suggested answers ({key})</source>
        <translation>Ocultar las respuestas sugeridas ({key})</translation>
    </message>
    <message>
        <source>Show suggested answers ({key})</source>
        <translation>Mostrar las respuestas sugeridas ({key})</translation>
    </message>
    <message>
        <source>Shown. {key} hides them.</source>
        <translation>Visibles. {key} las oculta.</translation>
    </message>
    <message>
        <source>Hidden. {key} shows them.</source>
        <translation>Ocultas. {key} las muestra.</translation>
    </message>
    <message>
        <source>“{question}”: {reason}</source>
        <translation>«{question}»: {reason}</translation>
    </message>
    <message>
        <source>answers a different colour: {theirs}</source>
        <translation>responde por otro color: {theirs}</translation>
    </message>
    <message>
        <source>answers a different size: {theirs}</source>
        <translation>responde por otro talle: {theirs}</translation>
    </message>
    <message>
        <source>answers a different model: {theirs}</source>
        <translation>responde por otro modelo: {theirs}</translation>
    </message>
    <message>
        <source>answers a different number: {theirs}</source>
        <translation>responde por otro número: {theirs}</translation>
    </message>
    <message>
        <source>answers about {theirs}, not {ours}</source>
        <translation>responde sobre {theirs}, no sobre {ours}</translation>
    </message>
    <message>
        <source>does not mention {ours}</source>
        <translation>no menciona {ours}</translation>
    </message>
</context>
<context>
    <name>SyncAge</name>
    <message>
        <source>Not synced yet</source>
        <translation>Sin sincronizar todavía</translation>
    </message>
    <message>
        <source>Nothing has been fetched from the shop service yet.</source>
        <translation>Todavía no se descargó nada del servicio de la tienda.</translation>
    </message>
    <message>
        <source>Synced {when}</source>
        <translation>Sincronizado {when}</translation>
    </message>
    <message>
        <source>Last synced: {moment}</source>
        <translation>Última sincronización: {moment}</translation>
    </message>
    <message>
        <source>{part}: {moment} ({when})</source>
        <translation>{part}: {moment} ({when})</translation>
    </message>
    <message>
        <source>{part}: not synced yet</source>
        <translation>{part}: aún sin sincronizar</translation>
    </message>
</context>
<context>
    <name>SyncIssues</name>
    <message>
        <source>{first} (and {n} more)</source>
        <translation>{first} (y {n} más)</translation>
    </message>
</context>
<context>
    <name>SyncWords</name>
    <message>
        <source>no id</source>
        <translation>sin id</translation>
    </message>
    <message numerus="yes">
        <source>%n order(s) could not be read (ids {ids})</source>
        <translation>
            <numerusform>No se pudo leer %n pedido (id {ids})</numerusform>
            <numerusform>No se pudieron leer %n pedidos (ids {ids})</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n conversation(s) could not be read (ids {ids})</source>
        <translation>
            <numerusform>No se pudo leer %n conversación (id {ids})</numerusform>
            <numerusform>No se pudieron leer %n conversaciones (ids {ids})</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n question(s) could not be read (ids {ids})</source>
        <translation>
            <numerusform>No se pudo leer %n pregunta (id {ids})</numerusform>
            <numerusform>No se pudieron leer %n preguntas (ids {ids})</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tracking code(s) could not be read (ids {ids})</source>
        <translation>
            <numerusform>No se pudo leer %n código de seguimiento (id {ids})</numerusform>
            <numerusform>No se pudieron leer %n códigos de seguimiento (ids {ids})</numerusform>
        </translation>
    </message>
    <message>
        <source>{what}: {why}</source>
        <translation>{what}: {why}</translation>
    </message>
    <message>
        <source>Sync cancelled. What it had fetched is kept.</source>
        <translation>Sincronización cancelada. Lo que ya había traído se conserva.</translation>
    </message>
    <message>
        <source>Not synced: the shop service cannot be reached.</source>
        <translation>Sin sincronizar: no se puede conectar con el servicio de la tienda.</translation>
    </message>
    <message>
        <source>Not synced: {reason}</source>
        <translation>Sin sincronizar: {reason}</translation>
    </message>
    <message>
        <source>Synced, except: {what}</source>
        <translation>Sincronizado, salvo: {what}</translation>
    </message>
    <message>
        <source>Synced: the local copy is up to date.</source>
        <translation>Sincronizado: la copia local está al día.</translation>
    </message>
    <message numerus="yes">
        <source> and %n without an id</source>
        <translation>
            <numerusform> y %n sin id</numerusform>
            <numerusform> y %n sin id</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n order(s) without an id could not be read</source>
        <translation>
            <numerusform>No se pudo leer %n pedido sin id</numerusform>
            <numerusform>No se pudieron leer %n pedidos sin id</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n conversation(s) without an id could not be read</source>
        <translation>
            <numerusform>No se pudo leer %n conversación sin id</numerusform>
            <numerusform>No se pudieron leer %n conversaciones sin id</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n question(s) without an id could not be read</source>
        <translation>
            <numerusform>No se pudo leer %n pregunta sin id</numerusform>
            <numerusform>No se pudieron leer %n preguntas sin id</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tracking code(s) without an id could not be read</source>
        <translation>
            <numerusform>No se pudo leer %n código de seguimiento sin id</numerusform>
            <numerusform>No se pudieron leer %n códigos de seguimiento sin id</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TaskProgress</name>
    <message>
        <source>Progress</source>
        <translation>Progreso</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Cancel the running task</source>
        <translation>Cancelar la tarea en curso</translation>
    </message>
    <message>
        <source>Working…</source>
        <translation>Trabajando…</translation>
    </message>
    <message>
        <source>+{n} more</source>
        <translation>+{n} más</translation>
    </message>
</context>
<context>
    <name>TaskRunner</name>
    <message>
        <source>SellerDesk could not read or write its local data. Your work is safe; try again, or restart SellerDesk if this repeats.</source>
        <translation>SellerDesk no pudo leer ni escribir sus datos locales. Tu trabajo está a salvo; vuelve a intentarlo o reinicia SellerDesk si se repite.</translation>
    </message>
    <message>
        <source>That took too long and was stopped. Please try again.</source>
        <translation>Tardó demasiado y se detuvo. Vuelve a intentarlo.</translation>
    </message>
    <message>
        <source>A file SellerDesk needs could not be read or written ({reason}).</source>
        <translation>No se pudo leer ni escribir un archivo que SellerDesk necesita ({reason}).</translation>
    </message>
    <message>
        <source>Something unexpected went wrong. The details were written to the log.</source>
        <translation>Ocurrió un error inesperado. Los detalles quedaron en el registro.</translation>
    </message>
</context>
<context>
    <name>ThreadDelegate</name>
    <message numerus="yes">
        <source>+%n alike</source>
        <translation>
            <numerusform>+%n parecida</numerusform>
            <numerusform>+%n parecidas</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ThreadListModel</name>
    <message>
        <source>Shopfront</source>
        <translation>Tienda</translation>
    </message>
    <message>
        <source>Marketplace</source>
        <translation>Marketplace</translation>
    </message>
    <message>
        <source>Unknown buyer</source>
        <translation>Comprador desconocido</translation>
    </message>
    <message>
        <source>Question about your shop</source>
        <translation>Pregunta sobre tu tienda</translation>
    </message>
    <message>
        <source>Waiting since: {when}</source>
        <translation>Esperando desde: {when}</translation>
    </message>
    <message>
        <source>Last question: {when}</source>
        <translation>Última pregunta: {when}</translation>
    </message>
    <message>
        <source>answer being sent</source>
        <translation>enviando la respuesta</translation>
    </message>
    <message>
        <source>answer not sent</source>
        <translation>respuesta no enviada</translation>
    </message>
    <message>
        <source>answer in conflict</source>
        <translation>respuesta en conflicto</translation>
    </message>
    <message>
        <source>answer queued</source>
        <translation>respuesta en cola</translation>
    </message>
    <message numerus="yes">
        <source>%n unanswered</source>
        <translation>
            <numerusform>%n sin responder</numerusform>
            <numerusform>%n sin responder</numerusform>
        </translation>
    </message>
    <message>
        <source>answered</source>
        <translation>respondida</translation>
    </message>
    <message numerus="yes">
        <source>%n more asked the same</source>
        <translation>
            <numerusform>%n persona más preguntó lo mismo</numerusform>
            <numerusform>%n personas más preguntaron lo mismo</numerusform>
        </translation>
    </message>
    <message>
        <source>{state}, waiting too long</source>
        <translation>{state}, esperando demasiado</translation>
    </message>
</context>
<context>
    <name>ThreadListPane</name>
    <message>
        <source>Search questions…</source>
        <translation>Buscar preguntas…</translation>
    </message>
    <message>
        <source>Search questions</source>
        <translation>Buscar preguntas</translation>
    </message>
    <message>
        <source>Status filter</source>
        <translation>Filtro de estado</translation>
    </message>
    <message>
        <source>All statuses</source>
        <translation>Todos los estados</translation>
    </message>
    <message>
        <source>Unanswered</source>
        <translation>Sin responder</translation>
    </message>
    <message>
        <source>Answered</source>
        <translation>Respondidas</translation>
    </message>
    <message>
        <source>Channel filter</source>
        <translation>Filtro de canal</translation>
    </message>
    <message>
        <source>All channels</source>
        <translation>Todos los canales</translation>
    </message>
    <message>
        <source>Shopfront</source>
        <translation>Tienda</translation>
    </message>
    <message>
        <source>Marketplace</source>
        <translation>Marketplace</translation>
    </message>
    <message>
        <source>Sort order</source>
        <translation>Orden</translation>
    </message>
    <message>
        <source>Waiting longest first</source>
        <translation>Mayor espera primero</translation>
    </message>
    <message>
        <source>Newest first</source>
        <translation>Más recientes primero</translation>
    </message>
    <message>
        <source>Oldest first</source>
        <translation>Más antiguas primero</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>Conversaciones</translation>
    </message>
</context>
<context>
    <name>ThreadView</name>
    <message>
        <source>Pick a conversation</source>
        <translation>Elige una conversación</translation>
    </message>
    <message>
        <source>Its questions and your answers appear here. J and K move between conversations, N jumps to the next one waiting for an answer.</source>
        <translation>Aquí aparecen sus preguntas y tus respuestas. J y K te mueven entre conversaciones; N salta a la siguiente que espera respuesta.</translation>
    </message>
    <message>
        <source>Refreshing the conversation…</source>
        <translation>Actualizando la conversación…</translation>
    </message>
    <message>
        <source>Saving your answer…</source>
        <translation>Guardando tu respuesta…</translation>
    </message>
    <message>
        <source>Delete this question?</source>
        <translation>¿Eliminar esta pregunta?</translation>
    </message>
    <message>
        <source>The question from {buyer} will be removed from your shop.</source>
        <translation>La pregunta de {buyer} se eliminará de tu tienda.</translation>
    </message>
    <message>
        <source>the buyer</source>
        <translation>el comprador</translation>
    </message>
    <message>
        <source>You can undo it for {n} seconds.</source>
        <translation>Puedes deshacerlo durante {n} segundos.</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Eliminar</translation>
    </message>
    <message>
        <source>Deleting the question…</source>
        <translation>Eliminando la pregunta…</translation>
    </message>
    <message>
        <source>Undoing the delete…</source>
        <translation>Deshaciendo la eliminación…</translation>
    </message>
    <message>
        <source>Too late to undo: the question had already been deleted.</source>
        <translation>Ya es tarde para deshacer: la pregunta ya se había eliminado.</translation>
    </message>
</context>
<context>
    <name>Thumbnail</name>
    <message>
        <source>Product picture</source>
        <translation>Foto del producto</translation>
    </message>
</context>
<context>
    <name>TrackingConfirmations</name>
    <message>
        <source>this tracking code</source>
        <translation>este código de seguimiento</translation>
    </message>
    <message>
        <source>“{name}” has not been created on the shop yet. Cancel it?</source>
        <translation>“{name}” todavía no se creó en la tienda. ¿Cancelarlo?</translation>
    </message>
    <message>
        <source>Cancel the new code</source>
        <translation>Cancelar el código nuevo</translation>
    </message>
    <message>
        <source>Cancel creating it</source>
        <translation>Cancelar la creación</translation>
    </message>
    <message>
        <source>Delete “{name}” from the shop?</source>
        <translation>¿Eliminar “{name}” de la tienda?</translation>
    </message>
    <message>
        <source>Delete tracking code</source>
        <translation>Eliminar código de seguimiento</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Eliminar</translation>
    </message>
    <message>
        <source>The shop stops inserting this snippet. This cannot be undone once it has been sent.</source>
        <translation>La tienda deja de insertar este fragmento de código. Una vez enviado, no se puede deshacer.</translation>
    </message>
</context>
<context>
    <name>TrackingEditor</name>
    <message>
        <source>New tracking code</source>
        <translation>Nuevo código de seguimiento</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Eliminar…</translation>
    </message>
    <message>
        <source>Delete this tracking code</source>
        <translation>Eliminar este código de seguimiento</translation>
    </message>
    <message>
        <source>Revert</source>
        <translation>Revertir</translation>
    </message>
    <message>
        <source>Undo the changes not saved</source>
        <translation>Deshacer los cambios sin guardar</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Guardar</translation>
    </message>
    <message>
        <source>Save the tracking code</source>
        <translation>Guardar el código de seguimiento</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>e.g. Analytics for every page</source>
        <translation>p. ej., Analítica para todas las páginas</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Proveedor</translation>
    </message>
    <message>
        <source>Inserted on (event)</source>
        <translation>Se inserta en (evento)</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>HTML and script, shown as text: SellerDesk never renders or runs it.</source>
        <translation>HTML y scripts, mostrados como texto: SellerDesk nunca los interpreta ni los ejecuta.</translation>
    </message>
    <message>
        <source>Problems to fix before saving</source>
        <translation>Problemas que hay que corregir antes de guardar</translation>
    </message>
    <message>
        <source>&amp;Name</source>
        <translation>&amp;Nombre</translation>
    </message>
    <message>
        <source>&amp;Provider</source>
        <translation>&amp;Proveedor</translation>
    </message>
    <message>
        <source>Inserted &amp;on</source>
        <translation>Se &amp;inserta en</translation>
    </message>
    <message>
        <source>S&amp;tatus</source>
        <translation>E&amp;stado</translation>
    </message>
    <message>
        <source>O&amp;ptions</source>
        <translation>&amp;Opciones</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Código</translation>
    </message>
    <message>
        <source>Inactive codes are not inserted in the shop, and the shop&apos;s list leaves them out: after the next update it shows only active codes.</source>
        <translation>Los códigos inactivos no se insertan en la tienda, y la lista de la tienda no los incluye: después de la próxima actualización solo muestra los activos.</translation>
    </message>
    <message>
        <source>This code waits to be deleted from the shop; it can no longer be edited.</source>
        <translation>Este código está esperando para eliminarse de la tienda; ya no se puede editar.</translation>
    </message>
    <message>
        <source>This code waits to be created on the shop. You can change it once it has been sent.</source>
        <translation>Este código está esperando para crearse en la tienda. Podrás cambiarlo cuando se haya enviado.</translation>
    </message>
    <message>
        <source>This change clashes with the shop&apos;s version: open the Outbox (Ctrl+6) to choose which one to keep.</source>
        <translation>Este cambio choca con la versión de la tienda: abre la bandeja de salida (Ctrl+6) para elegir cuál conservar.</translation>
    </message>
    <message>
        <source>The shop refused the last change: {reason}</source>
        <translation>La tienda rechazó el último cambio: {reason}</translation>
    </message>
</context>
<context>
    <name>TrackingFilters</name>
    <message>
        <source>Show codes inserted on</source>
        <translation>Mostrar códigos que se insertan en</translation>
    </message>
    <message>
        <source>All events</source>
        <translation>Todos los eventos</translation>
    </message>
    <message>
        <source>Show codes of provider</source>
        <translation>Mostrar códigos del proveedor</translation>
    </message>
    <message>
        <source>All providers</source>
        <translation>Todos los proveedores</translation>
    </message>
    <message>
        <source>&amp;Inserted on</source>
        <translation>Se inserta &amp;en</translation>
    </message>
    <message>
        <source>P&amp;rovider</source>
        <translation>Pro&amp;veedor</translation>
    </message>
</context>
<context>
    <name>TrackingListModel</name>
    <message>
        <source>Delete queued</source>
        <translation>Eliminación pendiente</translation>
    </message>
    <message>
        <source>Deleting…</source>
        <translation>Eliminando…</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>Inserted on</source>
        <translation>Se inserta en</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Proveedor</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Changes</source>
        <translation>Cambios</translation>
    </message>
    <message>
        <source>Snippet</source>
        <translation>Fragmento</translation>
    </message>
    <message>
        <source>(no name)</source>
        <translation>(sin nombre)</translation>
    </message>
    <message>
        <source>No changes waiting</source>
        <translation>Sin cambios pendientes</translation>
    </message>
    <message>
        <source>Empty snippet</source>
        <translation>Fragmento vacío</translation>
    </message>
</context>
<context>
    <name>TrackingListView</name>
    <message>
        <source>Tracking codes</source>
        <translation>Códigos de seguimiento</translation>
    </message>
    <message>
        <source>No tracking codes</source>
        <translation>No hay códigos de seguimiento</translation>
    </message>
    <message>
        <source>Analytics, ads and other snippets your shop inserts on its pages appear here. Ctrl+N adds one.</source>
        <translation>Aquí aparecen los fragmentos de analítica, publicidad y otros que tu tienda inserta en sus páginas. Ctrl+N agrega uno.</translation>
    </message>
    <message>
        <source>No tracking code for these filters</source>
        <translation>Ningún código coincide con estos filtros</translation>
    </message>
    <message>
        <source>Choose “All events” and “All providers” to see every code.</source>
        <translation>Elige “Todos los eventos” y “Todos los proveedores” para ver todos los códigos.</translation>
    </message>
</context>
<context>
    <name>TrackingPanel</name>
    <message>
        <source>Tracking codes</source>
        <translation>Códigos de seguimiento</translation>
    </message>
    <message>
        <source>New code</source>
        <translation>Nuevo código</translation>
    </message>
    <message>
        <source>New tracking code</source>
        <translation>Nuevo código de seguimiento</translation>
    </message>
    <message>
        <source>Tracking code editor</source>
        <translation>Editor del código de seguimiento</translation>
    </message>
    <message>
        <source>Save the tracking code</source>
        <translation>Guardar el código de seguimiento</translation>
    </message>
    <message>
        <source>Delete the tracking code (in the list)</source>
        <translation>Eliminar el código de seguimiento (en la lista)</translation>
    </message>
    <message>
        <source>Revert unsaved changes</source>
        <translation>Revertir los cambios sin guardar</translation>
    </message>
    <message>
        <source>Add an option</source>
        <translation>Agregar una opción</translation>
    </message>
    <message>
        <source>Filter by event</source>
        <translation>Filtrar por evento</translation>
    </message>
    <message>
        <source>Go to the list</source>
        <translation>Ir a la lista</translation>
    </message>
    <message>
        <source>Updating tracking codes…</source>
        <translation>Actualizando códigos de seguimiento…</translation>
    </message>
    <message>
        <source>Tracking codes could not be fetched</source>
        <translation>No se pudieron descargar los códigos de seguimiento</translation>
    </message>
    <message numerus="yes">
        <source>%n codes</source>
        <translation>
            <numerusform>%n código</numerusform>
            <numerusform>%n códigos</numerusform>
        </translation>
    </message>
    <message>
        <source>Saving the tracking code…</source>
        <translation>Guardando el código de seguimiento…</translation>
    </message>
    <message>
        <source>Deleting the tracking code…</source>
        <translation>Eliminando el código de seguimiento…</translation>
    </message>
</context>
<context>
    <name>TrackingValidation</name>
    <message>
        <source>Give the tracking code a name.</source>
        <translation>Ponle un nombre al código de seguimiento.</translation>
    </message>
    <message>
        <source>The name is {n} characters long; keep it under {max}.</source>
        <translation>El nombre tiene {n} caracteres; el máximo es {max}.</translation>
    </message>
    <message>
        <source>Paste the snippet&apos;s code: it cannot be empty.</source>
        <translation>Pega el código del fragmento: no puede quedar vacío.</translation>
    </message>
    <message>
        <source>The code is {n} characters long; the most a snippet may have is {max}. Check that only the snippet was pasted.</source>
        <translation>El código tiene {n} caracteres; un fragmento puede tener como máximo {max}. Revisa que hayas pegado solo el fragmento.</translation>
    </message>
    <message>
        <source>Option {n} has no name: give it one, or remove the row.</source>
        <translation>La opción {n} no tiene nombre: ponle uno o quita la fila.</translation>
    </message>
    <message>
        <source>The option “{key}” appears twice: each option needs its own name.</source>
        <translation>La opción “{key}” aparece dos veces: cada opción necesita su propio nombre.</translation>
    </message>
</context>
<context>
    <name>TrackingVocabulary</name>
    <message>
        <source>Web analytics</source>
        <translation>Analítica web</translation>
    </message>
    <message>
        <source>Advertising</source>
        <translation>Publicidad</translation>
    </message>
    <message>
        <source>Click maps</source>
        <translation>Mapas de clics</translation>
    </message>
    <message>
        <source>Surveys</source>
        <translation>Encuestas</translation>
    </message>
    <message>
        <source>Trust seal</source>
        <translation>Sello de confianza</translation>
    </message>
    <message>
        <source>Social media ads</source>
        <translation>Anuncios en redes</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>Otro</translation>
    </message>
    <message>
        <source>Every page</source>
        <translation>Todas las páginas</translation>
    </message>
    <message>
        <source>Add to cart</source>
        <translation>Agregar al carrito</translation>
    </message>
    <message>
        <source>Contact page</source>
        <translation>Página de contacto</translation>
    </message>
    <message>
        <source>Checkout</source>
        <translation>Inicio del pago</translation>
    </message>
    <message>
        <source>Purchase completed</source>
        <translation>Compra completada</translation>
    </message>
    <message>
        <source>Inserted on every page of the shop.</source>
        <translation>Se inserta en todas las páginas de la tienda.</translation>
    </message>
    <message>
        <source>Inserted each time the user adds a product to the cart.</source>
        <translation>Se inserta cada vez que el usuario agrega un producto al carrito.</translation>
    </message>
    <message>
        <source>Inserted on the contact page of the shop.</source>
        <translation>Se inserta en la página de contacto de la tienda.</translation>
    </message>
    <message>
        <source>Inserted when the checkout process starts.</source>
        <translation>Se inserta cuando comienza el proceso de pago.</translation>
    </message>
    <message>
        <source>Inserted on the purchase completion page.</source>
        <translation>Se inserta en la página de compra completada.</translation>
    </message>
    <message>
        <source>No provider</source>
        <translation>Sin proveedor</translation>
    </message>
    <message>
        <source>No event</source>
        <translation>Sin evento</translation>
    </message>
    <message>
        <source>Inactive</source>
        <translation>Inactivo</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>Activo</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Desconocido</translation>
    </message>
</context>
<context>
    <name>UndoBar</name>
    <message>
        <source>Undo</source>
        <translation>Deshacer</translation>
    </message>
    <message>
        <source>Undo the delete</source>
        <translation>Deshacer la eliminación</translation>
    </message>
    <message>
        <source>Question deleted — you can undo it for {n} s.</source>
        <translation>Pregunta eliminada: puedes deshacerlo durante {n} s.</translation>
    </message>
</context>
<context>
    <name>Printing</name>
    <message>
        <source>Packing slips</source>
        <translation>Albaranes de envío</translation>
    </message>
    <message>
        <source>Pick list</source>
        <translation>Lista de preparación</translation>
    </message>
    <message>
        <source>Packing slip</source>
        <translation>Albarán de envío</translation>
    </message>
    <message>
        <source>continued</source>
        <translation>continuación</translation>
    </message>
    <message>
        <source>Order {id}</source>
        <translation>Pedido {id}</translation>
    </message>
    <message>
        <source>Date: {date}</source>
        <translation>Fecha: {date}</translation>
    </message>
    <message>
        <source>Ship to</source>
        <translation>Enviar a</translation>
    </message>
    <message>
        <source>Tracking code</source>
        <translation>Número de seguimiento</translation>
    </message>
    <message>
        <source>Quantity</source>
        <translation>Cantidad</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>Precio</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>Artículo</translation>
    </message>
    <message>
        <source>Orders: {count}</source>
        <translation>Pedidos: {count}</translation>
    </message>
    <message>
        <source>Orders</source>
        <translation>Pedidos</translation>
    </message>
</context>
<context>
    <name>PrintActions</name>
    <message>
        <source>Print packing slips…</source>
        <translation>Imprimir albaranes de envío…</translation>
    </message>
    <message>
        <source>Print pick list…</source>
        <translation>Imprimir lista de preparación…</translation>
    </message>
    <message>
        <source>Save packing slips as PDF…</source>
        <translation>Guardar albaranes de envío como PDF…</translation>
    </message>
    <message>
        <source>Save pick list as PDF…</source>
        <translation>Guardar lista de preparación como PDF…</translation>
    </message>
    <message>
        <source>Reading the orders to print…</source>
        <translation>Leyendo los pedidos para imprimir…</translation>
    </message>
    <message>
        <source>No orders to print in this view.</source>
        <translation>No hay pedidos para imprimir en esta vista.</translation>
    </message>
    <message>
        <source>packing-slips</source>
        <translation>albaranes-de-envio</translation>
    </message>
    <message>
        <source>pick-list</source>
        <translation>lista-de-preparacion</translation>
    </message>
    <message>
        <source>Save as PDF</source>
        <translation>Guardar como PDF</translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation>Archivos PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Could not save {file}: {reason}</source>
        <translation>No se pudo guardar {file}: {reason}</translation>
    </message>
    <message>
        <source>PDF saved: {file} (pages: {pages})</source>
        <translation>PDF guardado: {file} (páginas: {pages})</translation>
    </message>
    <message>
        <source>Sent to the printer (pages: {pages})</source>
        <translation>Enviado a la impresora (páginas: {pages})</translation>
    </message>
    <message>
        <source>Note on packing slips…</source>
        <translation>Nota en los albaranes de envío…</translation>
    </message>
    <message>
        <source>Show prices on packing slips</source>
        <translation>Mostrar precios en los albaranes de envío</translation>
    </message>
    <message>
        <source>Paper</source>
        <translation>Papel</translation>
    </message>
    <message>
        <source>By region</source>
        <translation>Según la región</translation>
    </message>
    <message>
        <source>A4</source>
        <translation>A4</translation>
    </message>
    <message>
        <source>Letter</source>
        <translation>Carta</translation>
    </message>
    <message>
        <source>Note on packing slips</source>
        <translation>Nota en los albaranes de envío</translation>
    </message>
    <message>
        <source>Printed at the foot of every packing slip:</source>
        <translation>Se imprime al pie de cada albarán de envío:</translation>
    </message>
</context>
<context>
    <name>QuestionCard</name>
    <message>
        <source>{buyer}'s question about {product}: “{question}”</source>
        <translation>la pregunta de {buyer} sobre {product}: “{question}”</translation>
    </message>
    <message>
        <source>{buyer}'s question: “{question}”</source>
        <translation>la pregunta de {buyer}: “{question}”</translation>
    </message>
    <message>
        <source>Reply to {question}</source>
        <translation>Responder {question}</translation>
    </message>
    <message>
        <source>Delete {question}</source>
        <translation>Eliminar {question}</translation>
    </message>
    <message>
        <source>Undo deleting {question}</source>
        <translation>Deshacer la eliminación de {question}</translation>
    </message>
    <message>
        <source>Show the whole of {question}</source>
        <translation>Ver completa {question}</translation>
    </message>
</context>
<context>
    <name>ThreadListPane</name>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>Canal</translation>
    </message>
    <message>
        <source>Sort</source>
        <translation>Orden</translation>
    </message>
</context>
<context>
    <name>BulkLinesModel</name>
    <message>
        <source>No tracking code</source>
        <translation>Sin código de seguimiento</translation>
    </message>
    <message>
        <source>Not applied yet</source>
        <translation>Todavía no aplicado</translation>
    </message>
    <message>
        <source>No buyer name</source>
        <translation>Sin nombre del comprador</translation>
    </message>
    <message>
        <source>Empty</source>
        <translation>Vacío</translation>
    </message>
</context>
<context>
    <name>OrderDetail</name>
    <message>
        <source>{caption}, payment {n}</source>
        <translation>{caption}, pago {n}</translation>
    </message>
</context>
<context>
    <name>FacetSidebar</name>
    <message>
        <source>Views:</source>
        <translation>Vistas:</translation>
    </message>
</context>
</TS>
