<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt_BR">
<context>
    <name>SessionAnnouncements</name>
    <message numerus="yes">
        <source>%n answer(s) sent</source>
        <translation>
            <numerusform>%n resposta enviada</numerusform>
            <numerusform>%n respostas enviadas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n question(s) deleted</source>
        <translation>
            <numerusform>%n pergunta excluída</numerusform>
            <numerusform>%n perguntas excluídas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n invoice(s) updated</source>
        <translation>
            <numerusform>%n nota fiscal atualizada</numerusform>
            <numerusform>%n notas fiscais atualizadas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n shipping(s) updated</source>
        <translation>
            <numerusform>%n envio atualizado</numerusform>
            <numerusform>%n envios atualizados</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tracking code(s) created</source>
        <translation>
            <numerusform>%n código de rastreamento criado</numerusform>
            <numerusform>%n códigos de rastreamento criados</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tracking code(s) saved</source>
        <translation>
            <numerusform>%n código de rastreamento salvo</numerusform>
            <numerusform>%n códigos de rastreamento salvos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tracking code(s) deleted</source>
        <translation>
            <numerusform>%n código de rastreamento excluído</numerusform>
            <numerusform>%n códigos de rastreamento excluídos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n change(s) saved: sent when the connection is back</source>
        <translation>
            <numerusform>%n alteração salva: enviada quando a conexão voltar</numerusform>
            <numerusform>%n alterações salvas: enviadas quando a conexão voltar</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n change(s) discarded: will not be sent</source>
        <translation>
            <numerusform>%n alteração descartada: não será enviada</numerusform>
            <numerusform>%n alterações descartadas: não serão enviadas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n change(s) need you: the shop has another version</source>
        <translation>
            <numerusform>%n alteração precisa de você: a loja tem outra versão</numerusform>
            <numerusform>%n alterações precisam de você: a loja tem outra versão</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n change(s) refused by the shop</source>
        <translation>
            <numerusform>%n alteração recusada pela loja</numerusform>
            <numerusform>%n alterações recusadas pela loja</numerusform>
        </translation>
    </message>
    <message>
        <source>Offline. Your changes are kept and sent when the connection is back.</source>
        <translation>Sem conexão. Suas alterações ficam salvas e são enviadas quando a conexão voltar.</translation>
    </message>
    <message>
        <source>Back online</source>
        <translation>Conexão restabelecida</translation>
    </message>
    <message>
        <source>Sync cancelled</source>
        <translation>Sincronização cancelada</translation>
    </message>
    <message>
        <source>Sync failed</source>
        <translation>A sincronização falhou</translation>
    </message>
    <message>
        <source>Sync finished; some parts could not be read</source>
        <translation>Sincronização concluída; algumas partes não puderam ser lidas</translation>
    </message>
    <message>
        <source>Sync finished</source>
        <translation>Sincronização concluída</translation>
    </message>
</context>
<context>
    <name>AboutDialog</name>
    <message>
        <source>Public domain</source>
        <translation>Domínio público</translation>
    </message>
    <message>
        <source>About SellerDesk</source>
        <translation>Sobre o SellerDesk</translation>
    </message>
    <message>
        <source>Version {version}</source>
        <translation>Versão {version}</translation>
    </message>
    <message>
        <source>Answer buyers&apos; questions, ship orders and keep your shop&apos;s categories and tracking codes in view — online or offline.</source>
        <translation>Responda às perguntas dos compradores, envie pedidos e acompanhe as categorias e os códigos de rastreamento da sua loja — online ou offline.</translation>
    </message>
    <message>
        <source>Qt {qt} · PySide {pyside} · Python {python}</source>
        <translation>Qt {qt} · PySide {pyside} · Python {python}</translation>
    </message>
    <message>
        <source>SellerDesk is free software under the MIT licence.</source>
        <translation>O SellerDesk é software livre sob a licença MIT.</translation>
    </message>
    <message>
        <source>It includes:</source>
        <translation>Inclui:</translation>
    </message>
    <message>
        <source>Licences of the bundled components</source>
        <translation>Licenças dos componentes incluídos</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fechar</translation>
    </message>
</context>
<context>
    <name>AllShops</name>
    <message>
        <source>Not synced on this computer yet</source>
        <translation>Ainda não sincronizada neste computador</translation>
    </message>
    <message>
        <source>Open in another window</source>
        <translation>Aberta em outra janela</translation>
    </message>
    <message>
        <source>Unanswered</source>
        <translation>Sem resposta</translation>
    </message>
    <message>
        <source>Waiting too long</source>
        <translation>Aguardando demais</translation>
    </message>
    <message>
        <source>To process</source>
        <translation>Para processar</translation>
    </message>
    <message>
        <source>To ship</source>
        <translation>Para enviar</translation>
    </message>
    <message>
        <source>To rate</source>
        <translation>Para avaliar</translation>
    </message>
    <message>
        <source>Queued changes</source>
        <translation>Alterações na fila</translation>
    </message>
    <message>
        <source>All shops</source>
        <translation>Todas as lojas</translation>
    </message>
    <message>
        <source>The shop open in this window</source>
        <translation>A loja aberta nesta janela</translation>
    </message>
    <message>
        <source>This window</source>
        <translation>Esta janela</translation>
    </message>
    <message>
        <source>As of {when}</source>
        <translation>Atualizado {when}</translation>
    </message>
    <message>
        <source>Not synced yet</source>
        <translation>Ainda não sincronizada</translation>
    </message>
    <message>
        <source>Switch</source>
        <translation>Trocar</translation>
    </message>
    <message>
        <source>Switch to {shop}</source>
        <translation>Trocar para {shop}</translation>
    </message>
    <message>
        <source>Open {shop} in this window</source>
        <translation>Abrir {shop} nesta janela</translation>
    </message>
</context>
<context>
    <name>Announcer</name>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
</context>
<context>
    <name>AnswerComposer</name>
    <message>
        <source>Answer</source>
        <translation>Resposta</translation>
    </message>
    <message>
        <source>Write your answer…  Ctrl+Enter sends it.</source>
        <translation>Escreva sua resposta…  Ctrl+Enter envia.</translation>
    </message>
    <message>
        <source>Saved replies</source>
        <translation>Respostas salvas</translation>
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
        <translation>Enviar a resposta</translation>
    </message>
    <message>
        <source>Send the answer (Ctrl+Enter)</source>
        <translation>Enviar a resposta (Ctrl+Enter)</translation>
    </message>
    <message>
        <source>Replace {product} with words of your own: this question is about your shop, not about a listing.</source>
        <translation>Substitua {product} por palavras suas: esta pergunta é sobre a sua loja, não sobre um anúncio.</translation>
    </message>
    <message>
        <source>Your text names {name}: the other buyers would read that name. Write {buyer} instead.</source>
        <translation>Seu texto cita {name}: os outros compradores leriam esse nome. Escreva {buyer} no lugar.</translation>
    </message>
    <message>
        <source>Nothing left to answer in this conversation.</source>
        <translation>Não há mais nada a responder nesta conversa.</translation>
    </message>
    <message>
        <source>Replying to {buyer}: “{question}”</source>
        <translation>Respondendo a {buyer}: “{question}”</translation>
    </message>
    <message>
        <source>the buyer</source>
        <translation>o comprador</translation>
    </message>
    <message>
        <source>{n} / {limit}</source>
        <translation>{n} / {limit}</translation>
    </message>
    <message>
        <source>{n} characters over the limit</source>
        <translation>{n} caracteres acima do limite</translation>
    </message>
    <message numerus="yes">
        <source>Send %n answers</source>
        <translation>
            <numerusform>Enviar %n resposta</numerusform>
            <numerusform>Enviar %n respostas</numerusform>
        </translation>
    </message>
    <message>
        <source>As the buyer will read it</source>
        <translation>Como o comprador vai ler</translation>
    </message>
    <message>
        <source>{name} will read: “{answer}” Each buyer gets their own name.</source>
        <translation>{name} vai ler: “{answer}” Cada comprador recebe o próprio nome.</translation>
    </message>
    <message>
        <source>The buyer will read: “{answer}”</source>
        <translation>O comprador vai ler: “{answer}”</translation>
    </message>
</context>
<context>
    <name>App</name>
    <message>
        <source>The shop service no longer accepts SellerDesk&apos;s connection to {name}. Sign in again (or paste a new access token).</source>
        <translation>O serviço da loja não aceita mais a conexão do SellerDesk com {name}. Entre de novo (ou cole um novo token de acesso).</translation>
    </message>
    <message>
        <source>The shop service did not accept the token of {name}. Paste a new one.</source>
        <translation>O serviço da loja não aceitou o token de {name}. Cole um novo.</translation>
    </message>
    <message>
        <source>SellerDesk has no access token for {name} on this computer. Paste it again to open the shop.</source>
        <translation>O SellerDesk não tem um token de acesso para {name} neste computador. Cole-o de novo para abrir a loja.</translation>
    </message>
    <message>
        <source>Demo shop</source>
        <translation>Loja de demonstração</translation>
    </message>
</context>
<context>
    <name>BannerMessage</name>
    <message>
        <source>Dismiss</source>
        <translation>Fechar</translation>
    </message>
    <message>
        <source>Dismiss message</source>
        <translation>Fechar a mensagem</translation>
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
        <translation>Algo deu errado</translation>
    </message>
    <message>
        <source>Details of the problem</source>
        <translation>Detalhes do problema</translation>
    </message>
    <message>
        <source>Copy the details</source>
        <translation>Copiar os detalhes</translation>
    </message>
    <message numerus="yes">
        <source>SellerDesk ran into %n unexpected problem(s). What you saved is safe, and you can keep working.</source>
        <translation>
            <numerusform>O SellerDesk teve %n problema inesperado. O que você salvou está seguro e você pode continuar trabalhando.</numerusform>
            <numerusform>O SellerDesk teve %n problemas inesperados. O que você salvou está seguro e você pode continuar trabalhando.</numerusform>
        </translation>
    </message>
    <message>
        <source>SellerDesk ran into an unexpected problem while: {doing}. What you saved is safe, and you can keep working.</source>
        <translation>O SellerDesk teve um problema inesperado enquanto fazia isto: {doing}. O que você salvou está seguro e você pode continuar trabalhando.</translation>
    </message>
    <message>
        <source>SellerDesk ran into an unexpected problem. What you saved is safe, and you can keep working.</source>
        <translation>O SellerDesk teve um problema inesperado. O que você salvou está seguro e você pode continuar trabalhando.</translation>
    </message>
    <message>
        <source>To help fix it, copy the details below and send them to your SellerDesk support. They are exactly what is copied: buyers&apos; e-mails, phone numbers, documents and addresses, your access token and your user name have been taken out. If support asks for the whole log, it is {path}</source>
        <translation>Para ajudar a corrigir, copie os detalhes abaixo e envie-os para o seu suporte do SellerDesk. Eles são exatamente o que é copiado: os e-mails, telefones, documentos e endereços dos compradores, o seu token de acesso e o seu nome de usuário foram retirados. Se o suporte pedir o log completo, ele está em {path}</translation>
    </message>
    <message>
        <source>To help fix it, copy the details below and send them to your SellerDesk support. They are exactly what is copied: buyers&apos; e-mails, phone numbers, documents and addresses, your access token and your user name have been taken out.</source>
        <translation>Para ajudar a corrigir, copie os detalhes abaixo e envie-os para o seu suporte do SellerDesk. Eles são exatamente o que é copiado: os e-mails, telefones, documentos e endereços dos compradores, o seu token de acesso e o seu nome de usuário foram retirados.</translation>
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
        <translation>Envio</translation>
    </message>
    <message>
        <source>Tracking code</source>
        <translation>Código de rastreio</translation>
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
        <translation>Atualizar o envio de vários pedidos</translation>
    </message>
    <message>
        <source>This order has no shipping to update.</source>
        <translation>Este pedido não tem envio para atualizar.</translation>
    </message>
    <message>
        <source>New status for every order</source>
        <translation>Novo status para todos os pedidos</translation>
    </message>
    <message>
        <source>Orders and their tracking codes</source>
        <translation>Pedidos e seus códigos de rastreio</translation>
    </message>
    <message>
        <source>Paste tracking codes</source>
        <translation>Colar códigos de rastreio</translation>
    </message>
    <message>
        <source>Paste codes</source>
        <translation>Colar códigos</translation>
    </message>
    <message>
        <source>Fill the codes from the clipboard, one per line, from the selected order down</source>
        <translation>Preenche os códigos a partir da área de transferência, um por linha, do pedido selecionado para baixo</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>Aplicar</translation>
    </message>
    <message>
        <source>Apply to every order</source>
        <translation>Aplicar a todos os pedidos</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fechar</translation>
    </message>
    <message>
        <source>New status:</source>
        <translation>Novo status:</translation>
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
        <translation>Digite um código de rastreio para cada pedido ou cole uma coluna de códigos: eles preenchem as linhas em ordem, da selecionada para baixo. Deixe um código vazio para mudar só o status.</translation>
    </message>
</context>
<context>
    <name>CategoriesPanel</name>
    <message>
        <source>Categories</source>
        <translation>Categorias</translation>
    </message>
    <message>
        <source>Filter by name</source>
        <translation>Filtrar por nome</translation>
    </message>
    <message>
        <source>Clear the filter</source>
        <translation>Limpar o filtro</translation>
    </message>
    <message>
        <source>Filter categories by name</source>
        <translation>Filtrar categorias por nome</translation>
    </message>
    <message>
        <source>Filter</source>
        <translation>Filtro</translation>
    </message>
    <message>
        <source>Expand all</source>
        <translation>Expandir tudo</translation>
    </message>
    <message>
        <source>Collapse all</source>
        <translation>Recolher tudo</translation>
    </message>
    <message>
        <source>Category tree</source>
        <translation>Árvore de categorias</translation>
    </message>
    <message>
        <source>No categories yet</source>
        <translation>Ainda não há categorias</translation>
    </message>
    <message>
        <source>Your shop&apos;s category tree appears here once it has been fetched.</source>
        <translation>A árvore de categorias da sua loja aparece aqui assim que for baixada.</translation>
    </message>
    <message>
        <source>No category matches this filter</source>
        <translation>Nenhuma categoria corresponde a este filtro</translation>
    </message>
    <message>
        <source>Try fewer letters, or clear the filter.</source>
        <translation>Tente com menos letras ou limpe o filtro.</translation>
    </message>
    <message>
        <source>Find a category</source>
        <translation>Buscar uma categoria</translation>
    </message>
    <message>
        <source>Open the category&apos;s page in the browser</source>
        <translation>Abrir a página da categoria no navegador</translation>
    </message>
    <message>
        <source>Updating categories…</source>
        <translation>Atualizando categorias…</translation>
    </message>
    <message>
        <source>Categories could not be fetched</source>
        <translation>Não foi possível baixar as categorias</translation>
    </message>
    <message numerus="yes">
        <source>%n categories</source>
        <translation>
            <numerusform>%n categoria</numerusform>
            <numerusform>%n categorias</numerusform>
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
        <translation>ID da categoria</translation>
    </message>
    <message>
        <source>Position</source>
        <translation>Posição</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Padrão</translation>
    </message>
    <message>
        <source>the category&apos;s page</source>
        <translation>a página da categoria</translation>
    </message>
    <message>
        <source>Permalink</source>
        <translation>Link permanente</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Criada em</translation>
    </message>
    <message>
        <source>Last updated</source>
        <translation>Última atualização</translation>
    </message>
    <message>
        <source>No category selected</source>
        <translation>Nenhuma categoria selecionada</translation>
    </message>
    <message>
        <source>Pick a category in the tree to see its details.</source>
        <translation>Escolha uma categoria na árvore para ver os detalhes.</translation>
    </message>
    <message>
        <source>(no name)</source>
        <translation>(sem nome)</translation>
    </message>
    <message>
        <source>Top level</source>
        <translation>Nível principal</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>Sim</translation>
    </message>
    <message>
        <source>No</source>
        <translation>Não</translation>
    </message>
</context>
<context>
    <name>CategoryTreeModel</name>
    <message>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <source>Position</source>
        <translation>Posição</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Padrão</translation>
    </message>
    <message>
        <source>Permalink</source>
        <translation>Link permanente</translation>
    </message>
    <message>
        <source>(no name)</source>
        <translation>(sem nome)</translation>
    </message>
    <message>
        <source>{link}
Press Enter or Ctrl+O to open it in the browser</source>
        <translation>{link}
Pressione Enter ou Ctrl+O para abrir no navegador</translation>
    </message>
    <message>
        <source>The shop&apos;s default category</source>
        <translation>A categoria padrão da loja</translation>
    </message>
    <message>
        <source>{name} (default category)</source>
        <translation>{name} (categoria padrão)</translation>
    </message>
    <message>
        <source>Default category</source>
        <translation>Categoria padrão</translation>
    </message>
    <message>
        <source>Not the default</source>
        <translation>Não é a padrão</translation>
    </message>
    <message>
        <source>No position</source>
        <translation>Sem posição</translation>
    </message>
    <message>
        <source>No permalink</source>
        <translation>Sem link permanente</translation>
    </message>
</context>
<context>
    <name>ChartsArea</name>
    <message>
        <source>Orders and revenue per day</source>
        <translation>Pedidos e receita por dia</translation>
    </message>
    <message>
        <source>Answer time</source>
        <translation>Tempo de resposta</translation>
    </message>
    <message>
        <source>Orders by channel</source>
        <translation>Pedidos por canal</translation>
    </message>
    <message>
        <source>Shippings by status</source>
        <translation>Envios por status</translation>
    </message>
    <message>
        <source>Currency of the sales chart</source>
        <translation>Moeda do gráfico de vendas</translation>
    </message>
    <message>
        <source>Sales in different currencies are never added up</source>
        <translation>Vendas em moedas diferentes nunca são somadas</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>Moeda</translation>
    </message>
    <message>
        <source>Charts are not available in this installation; the figures above are complete.</source>
        <translation>Os gráficos não estão disponíveis nesta instalação; os números acima estão completos.</translation>
    </message>
    <message>
        <source>No sales in the last {n} days.</source>
        <translation>Nenhuma venda nos últimos {n} dias.</translation>
    </message>
    <message numerus="yes">
        <source>{currency}, last {n} days: {orders} orders, {revenue}</source>
        <translation>
            <numerusform>{currency}, últimos {n} dias: {orders} pedido, {revenue}</numerusform>
            <numerusform>{currency}, últimos {n} dias: {orders} pedidos, {revenue}</numerusform>
        </translation>
    </message>
    <message>
        <source>Revenue per day</source>
        <translation>Receita por dia</translation>
    </message>
    <message>
        <source>Orders per day</source>
        <translation>Pedidos por dia</translation>
    </message>
    <message>
        <source>Revenue ({currency})</source>
        <translation>Receita ({currency})</translation>
    </message>
    <message>
        <source>Orders</source>
        <translation>Pedidos</translation>
    </message>
    <message>
        <source>No answered questions in the last {n} days.</source>
        <translation>Nenhuma pergunta respondida nos últimos {n} dias.</translation>
    </message>
    <message>
        <source>Week of {week}: half answered within {median}, 9 in 10 within {p90} ({n} answers). Goal: {goal}.</source>
        <translation>Semana de {week}: metade respondida em até {median}, 9 em cada 10 em até {p90} ({n} respostas). Meta: {goal}.</translation>
    </message>
    <message>
        <source>No orders yet.</source>
        <translation>Ainda não há pedidos.</translation>
    </message>
    <message numerus="yes">
        <source>All {n} orders kept on this computer.</source>
        <translation>
            <numerusform>{n} pedido guardado neste computador.</numerusform>
            <numerusform>Todos os {n} pedidos guardados neste computador.</numerusform>
        </translation>
    </message>
    <message>
        <source>No shippings yet.</source>
        <translation>Ainda não há envios.</translation>
    </message>
    <message numerus="yes">
        <source>{n} shippings; {share} delivered.</source>
        <translation>
            <numerusform>{n} envio; {share} entregue.</numerusform>
            <numerusform>{n} envios; {share} entregues.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CodeEditor</name>
    <message>
        <source>Paste the HTML snippet the provider gave you</source>
        <translation>Cole o trecho de HTML fornecido pelo provedor</translation>
    </message>
    <message>
        <source>Snippet code</source>
        <translation>Código do trecho</translation>
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
        <translation>Salvar as alterações em “{name}”?</translation>
    </message>
    <message>
        <source>Save your changes?</source>
        <translation>Salvar as alterações?</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>Alterações não salvas</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Salvar</translation>
    </message>
    <message>
        <source>Discard changes</source>
        <translation>Descartar alterações</translation>
    </message>
    <message>
        <source>If you go on without saving, what you typed is lost.</source>
        <translation>Se continuar sem salvar, o que você digitou será perdido.</translation>
    </message>
</context>
<context>
    <name>ConflictDialog</name>
    <message>
        <source>Resolve a conflict</source>
        <translation>Resolver um conflito</translation>
    </message>
    <message>
        <source>Buyer&apos;s question: {text}</source>
        <translation>Pergunta do comprador: {text}</translation>
    </message>
    <message>
        <source>Keep mine (send again)</source>
        <translation>Manter a minha (reenviar)</translation>
    </message>
    <message>
        <source>Keep my version and send it again</source>
        <translation>Manter a minha versão e enviá-la de novo</translation>
    </message>
    <message>
        <source>Drop my change</source>
        <translation>Descartar a minha alteração</translation>
    </message>
    <message>
        <source>Keep the shop&apos;s</source>
        <translation>Manter a da loja</translation>
    </message>
    <message>
        <source>Decide later</source>
        <translation>Decidir depois</translation>
    </message>
    <message>
        <source>Close without deciding</source>
        <translation>Fechar sem decidir</translation>
    </message>
    <message>
        <source>Your version (not sent)</source>
        <translation>Sua versão (não enviada)</translation>
    </message>
    <message>
        <source>On the shop now</source>
        <translation>Na loja agora</translation>
    </message>
    <message>
        <source>{label} (differs)</source>
        <translation>{label} (diferente)</translation>
    </message>
    <message>
        <source>Your {label}</source>
        <translation>Sua versão: {label}</translation>
    </message>
    <message>
        <source>The shop&apos;s {label}</source>
        <translation>Versão da loja: {label}</translation>
    </message>
</context>
<context>
    <name>ConnectionIndicator</name>
    <message>
        <source>trying again now…</source>
        <translation>tentando de novo…</translation>
    </message>
    <message>
        <source>next try in {n} s</source>
        <translation>nova tentativa em {n} s</translation>
    </message>
</context>
<context>
    <name>ConversationModel</name>
    <message>
        <source>Closed without answer</source>
        <translation>Fechada sem resposta</translation>
    </message>
    <message>
        <source>Under review</source>
        <translation>Em análise</translation>
    </message>
    <message>
        <source>Banned</source>
        <translation>Bloqueada</translation>
    </message>
    <message>
        <source>Deleted</source>
        <translation>Excluída</translation>
    </message>
</context>
<context>
    <name>ConversationView</name>
    <message>
        <source>Conversation</source>
        <translation>Conversa</translation>
    </message>
    <message>
        <source>Questions and answers</source>
        <translation>Perguntas e respostas</translation>
    </message>
    <message>
        <source>No questions left in this conversation.</source>
        <translation>Não restam perguntas nesta conversa.</translation>
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
        <translation>Legenda: {names}</translation>
    </message>
    <message>
        <source>Half answered within</source>
        <translation>Metade respondida em até</translation>
    </message>
    <message>
        <source>9 in 10 answered within</source>
        <translation>9 em cada 10 respondidas em até</translation>
    </message>
    <message>
        <source>Your goal</source>
        <translation>Sua meta</translation>
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
        <translation>perguntas</translation>
    </message>
    <message>
        <source>orders</source>
        <translation>pedidos</translation>
    </message>
    <message>
        <source>categories</source>
        <translation>categorias</translation>
    </message>
    <message>
        <source>tracking codes</source>
        <translation>códigos de rastreamento</translation>
    </message>
    <message>
        <source>shop</source>
        <translation>loja</translation>
    </message>
    <message>
        <source>Last {n} days</source>
        <translation>Últimos {n} dias</translation>
    </message>
    <message>
        <source>Days the charts cover</source>
        <translation>Dias que os gráficos abrangem</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>Gráficos</translation>
    </message>
    <message>
        <source>All shops</source>
        <translation>Todas as lojas</translation>
    </message>
    <message>
        <source>Show every saved shop side by side</source>
        <translation>Mostrar todas as lojas salvas lado a lado</translation>
    </message>
    <message>
        <source>Notifications…</source>
        <translation>Notificações…</translation>
    </message>
    <message>
        <source>Refresh interval, desktop notifications, quiet hours and the answer-time goal</source>
        <translation>Intervalo de atualização, notificações na área de trabalho, horário silencioso e meta de tempo de resposta</translation>
    </message>
    <message>
        <source>Unanswered</source>
        <translation>Sem resposta</translation>
    </message>
    <message>
        <source>Opens the inbox, unanswered first</source>
        <translation>Abre as perguntas, primeiro as sem resposta</translation>
    </message>
    <message>
        <source>Waiting too long</source>
        <translation>Aguardando demais</translation>
    </message>
    <message>
        <source>Opens the unanswered questions, oldest first</source>
        <translation>Abre as perguntas sem resposta, primeiro as mais antigas</translation>
    </message>
    <message>
        <source>To process</source>
        <translation>Para processar</translation>
    </message>
    <message>
        <source>Opens the paid orders not processed yet</source>
        <translation>Abre os pedidos pagos ainda não processados</translation>
    </message>
    <message>
        <source>To ship</source>
        <translation>Para enviar</translation>
    </message>
    <message>
        <source>Opens the processed orders not delivered yet</source>
        <translation>Abre os pedidos processados ainda não entregues</translation>
    </message>
    <message>
        <source>To rate</source>
        <translation>Para avaliar</translation>
    </message>
    <message>
        <source>Opens the delivered orders waiting for your feedback</source>
        <translation>Abre os pedidos entregues que aguardam sua avaliação</translation>
    </message>
    <message>
        <source>Answers queued</source>
        <translation>Respostas na fila</translation>
    </message>
    <message>
        <source>Opens the outbox</source>
        <translation>Abre a caixa de saída</translation>
    </message>
    <message>
        <source>Changes queued</source>
        <translation>Alterações na fila</translation>
    </message>
    <message>
        <source>Last synced</source>
        <translation>Última sincronização</translation>
    </message>
    <message>
        <source>Today at a glance</source>
        <translation>Seu dia num relance</translation>
    </message>
    <message>
        <source>No shop connected</source>
        <translation>Nenhuma loja conectada</translation>
    </message>
    <message>
        <source>Your day at a glance appears here once a shop is connected: questions waiting, orders to ship, sales and how fast you answer.</source>
        <translation>Quando uma loja estiver conectada, você verá aqui o seu dia num relance: perguntas aguardando, pedidos para enviar, vendas e a rapidez das suas respostas.</translation>
    </message>
    <message>
        <source>Dashboard</source>
        <translation>Painel</translation>
    </message>
    <message>
        <source>Oldest asked {when}</source>
        <translation>A mais antiga, {when}</translation>
    </message>
    <message>
        <source>All answered</source>
        <translation>Todas respondidas</translation>
    </message>
    <message>
        <source>Unanswered for over {goal}</source>
        <translation>Sem resposta há mais de {goal}</translation>
    </message>
    <message>
        <source>Paid, not processed</source>
        <translation>Pagos, não processados</translation>
    </message>
    <message>
        <source>Processed, not delivered</source>
        <translation>Processados, não entregues</translation>
    </message>
    <message>
        <source>Delivered, your feedback pending</source>
        <translation>Entregues, falta sua avaliação</translation>
    </message>
    <message>
        <source>Waiting in the outbox</source>
        <translation>Na caixa de saída</translation>
    </message>
    <message>
        <source>Nothing waiting</source>
        <translation>Nada pendente</translation>
    </message>
    <message numerus="yes">
        <source>%n need you</source>
        <translation>
            <numerusform>%n precisa de você</numerusform>
            <numerusform>%n precisam de você</numerusform>
        </translation>
    </message>
    <message>
        <source>Answers included</source>
        <translation>Respostas incluídas</translation>
    </message>
    <message>
        <source>Answers, shipping, invoices, codes</source>
        <translation>Respostas, envios, notas fiscais, códigos</translation>
    </message>
    <message>
        <source>Not synced yet: figures from this computer</source>
        <translation>Ainda não sincronizado: números deste computador</translation>
    </message>
    <message>
        <source>Figures as of {when}, from this computer&apos;s copy</source>
        <translation>Números atualizados {when}, da cópia deste computador</translation>
    </message>
    <message>
        <source>{what} {when}</source>
        <translation>{what} {when}</translation>
    </message>
    <message>
        <source>Last synced: {times}</source>
        <translation>Última sincronização: {times}</translation>
    </message>
    <message>
        <source>Demo shop</source>
        <translation>Loja de demonstração</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <source>The shop has no such tracking code; nothing was changed.</source>
        <translation>A loja não tem esse código de rastreamento; nada foi alterado.</translation>
    </message>
    <message>
        <source>SellerDesk may not write to its data folder, so this change was not saved. Check that the disk is not read-only and that you may write to the folder.</source>
        <translation>O SellerDesk não pode gravar na pasta de dados, então esta alteração não foi salva. Verifique se o disco não é somente leitura e se você pode gravar na pasta.</translation>
    </message>
    <message>
        <source>The computer ran out of memory while SellerDesk read or saved its data. Close other programs and try again.</source>
        <translation>O computador ficou sem memória enquanto o SellerDesk lia ou salvava os dados. Feche outros programas e tente novamente.</translation>
    </message>
    <message>
        <source>The shop service could not complete the request.</source>
        <translation>O serviço da loja não conseguiu concluir a solicitação.</translation>
    </message>
    <message>
        <source>The shop service did not accept your access token. It may have expired: please enter a new one.</source>
        <translation>O serviço da loja não aceitou seu token de acesso. Ele pode ter expirado: informe um novo.</translation>
    </message>
    <message>
        <source>That record no longer exists on the shop service.</source>
        <translation>Esse registro não existe mais no serviço da loja.</translation>
    </message>
    <message>
        <source>The shop service refused the request.</source>
        <translation>O serviço da loja recusou a solicitação.</translation>
    </message>
    <message>
        <source>The shop service asks us to slow down; retrying shortly.</source>
        <translation>O serviço da loja pediu para ir mais devagar; nova tentativa em instantes.</translation>
    </message>
    <message>
        <source>The shop service is having trouble right now; try again in a moment.</source>
        <translation>O serviço da loja está com problemas no momento; tente de novo daqui a pouco.</translation>
    </message>
    <message>
        <source>No connection to the shop service. Your work is kept and sent later.</source>
        <translation>Sem conexão com o serviço da loja. Seu trabalho fica guardado e é enviado depois.</translation>
    </message>
    <message>
        <source>The shop service sent an answer SellerDesk could not read.</source>
        <translation>O serviço da loja enviou uma resposta que o SellerDesk não conseguiu ler.</translation>
    </message>
    <message>
        <source>Your access token has expired or was revoked. Please enter a new one.</source>
        <translation>Seu token de acesso expirou ou foi revogado. Informe um novo.</translation>
    </message>
    <message>
        <source>The shop no longer accepts SellerDesk&apos;s connection. Connect to the shop again from the profile.</source>
        <translation>A loja não aceita mais a conexão do SellerDesk. Conecte-se à loja de novo pelo perfil.</translation>
    </message>
    <message>
        <source>The sign-in was cancelled or refused in the browser.</source>
        <translation>A entrada foi cancelada ou recusada no navegador.</translation>
    </message>
    <message>
        <source>The sign-in took too long. Please try connecting again.</source>
        <translation>A entrada demorou demais. Tente conectar de novo.</translation>
    </message>
    <message>
        <source>The shop service did not accept the sign-in. Please try connecting again.</source>
        <translation>O serviço da loja não aceitou a entrada. Tente conectar de novo.</translation>
    </message>
    <message>
        <source>The shop service answered from another address (it may have moved). Check the service address of this shop.</source>
        <translation>O serviço da loja respondeu de outro endereço (talvez tenha mudado). Confira o endereço do serviço desta loja.</translation>
    </message>
    <message>
        <source>The shop service sent the same page again when asked for the next one, so the list stops here.</source>
        <translation>O serviço da loja enviou a mesma página de novo ao ser pedida a seguinte, então a lista para aqui.</translation>
    </message>
    <message>
        <source>The shop service sent an answer larger than 16 MB, so SellerDesk stopped reading it.</source>
        <translation>O serviço da loja enviou uma resposta maior que 16 MB, então o SellerDesk parou de lê-la.</translation>
    </message>
    <message>
        <source>The shop service took longer than 60 s to answer, so SellerDesk stopped waiting.</source>
        <translation>O serviço da loja demorou mais de 60 s para responder, então o SellerDesk parou de esperar.</translation>
    </message>
    <message>
        <source>SellerDesk could not read or save its local data.</source>
        <translation>O SellerDesk não conseguiu ler ou salvar os dados locais.</translation>
    </message>
    <message>
        <source>Your disk is full, so SellerDesk could not save this change. Everything saved before is safe. Free some disk space and try again.</source>
        <translation>O disco está cheio, por isso o SellerDesk não conseguiu salvar esta alteração. Tudo o que foi salvo antes está seguro. Libere espaço no disco e tente de novo.</translation>
    </message>
    <message>
        <source>This shop&apos;s data is in use by another SellerDesk window or command. Close it and try again.</source>
        <translation>Os dados desta loja estão em uso por outra janela ou comando do SellerDesk. Feche-o e tente de novo.</translation>
    </message>
    <message>
        <source>SellerDesk&apos;s local data file is damaged. Your shop&apos;s data is safe on the server; changes not yet sent may be lost.</source>
        <translation>O arquivo de dados locais do SellerDesk está danificado. Os dados da sua loja estão seguros no servidor; alterações ainda não enviadas podem ser perdidas.</translation>
    </message>
    <message>
        <source>This shop&apos;s local data was saved by a newer version of SellerDesk. Please update SellerDesk to open it.</source>
        <translation>Os dados locais desta loja foram salvos por uma versão mais nova do SellerDesk. Atualize o SellerDesk para abri-los.</translation>
    </message>
    <message>
        <source>SellerDesk&apos;s local data is closed.</source>
        <translation>Os dados locais do SellerDesk estão fechados.</translation>
    </message>
    <message>
        <source>SellerDesk could not open its data folder. Check that the disk is connected and that you may write to it.</source>
        <translation>O SellerDesk não conseguiu abrir a pasta de dados. Verifique se o disco está conectado e se você tem permissão para gravar nele.</translation>
    </message>
    <message>
        <source>The disk reported an error while SellerDesk was saving. Everything saved before is safe.</source>
        <translation>O disco informou um erro enquanto o SellerDesk salvava. Tudo o que foi salvo antes está seguro.</translation>
    </message>
    <message>
        <source>That change has already moved on; the list is being refreshed.</source>
        <translation>Essa alteração já avançou; a lista está sendo atualizada.</translation>
    </message>
    <message>
        <source>The buyer&apos;s question was deleted.</source>
        <translation>A pergunta do comprador foi excluída.</translation>
    </message>
    <message>
        <source>This question was already answered elsewhere with another text.</source>
        <translation>Esta pergunta já foi respondida em outro lugar com outro texto.</translation>
    </message>
    <message>
        <source>The order no longer exists.</source>
        <translation>O pedido não existe mais.</translation>
    </message>
    <message>
        <source>This shipping no longer exists on the order.</source>
        <translation>Este envio não existe mais no pedido.</translation>
    </message>
    <message>
        <source>The invoice of this order was changed elsewhere meanwhile.</source>
        <translation>Enquanto isso, a nota fiscal deste pedido foi alterada em outro lugar.</translation>
    </message>
    <message>
        <source>The shipping of this order was changed elsewhere meanwhile.</source>
        <translation>Enquanto isso, o envio deste pedido foi alterado em outro lugar.</translation>
    </message>
    <message>
        <source>This tracking code was never created.</source>
        <translation>Este código de rastreamento nunca foi criado.</translation>
    </message>
    <message>
        <source>This tracking code was deleted elsewhere.</source>
        <translation>Este código de rastreamento foi excluído em outro lugar.</translation>
    </message>
    <message>
        <source>This tracking code was changed elsewhere meanwhile.</source>
        <translation>Enquanto isso, este código de rastreamento foi alterado em outro lugar.</translation>
    </message>
    <message>
        <source>The buyer&apos;s question was deleted before the answer arrived.</source>
        <translation>A pergunta do comprador foi excluída antes de a resposta chegar.</translation>
    </message>
    <message>
        <source>The order (or its shipping) no longer exists.</source>
        <translation>O pedido (ou o envio dele) não existe mais.</translation>
    </message>
    <message>
        <source>The access token is empty.</source>
        <translation>O token de acesso está vazio.</translation>
    </message>
    <message>
        <source>SellerDesk could not read its settings file.</source>
        <translation>O SellerDesk não conseguiu ler o arquivo de configurações.</translation>
    </message>
    <message>
        <source>SellerDesk could not save its settings file.</source>
        <translation>O SellerDesk não conseguiu salvar o arquivo de configurações.</translation>
    </message>
    <message>
        <source>A profile needs a name.</source>
        <translation>O perfil precisa de um nome.</translation>
    </message>
    <message>
        <source>The service address must start with http:// or https://.</source>
        <translation>O endereço do serviço deve começar com http:// ou https://.</translation>
    </message>
    <message>
        <source>Enter the service address without the access token.</source>
        <translation>Informe o endereço do serviço sem o token de acesso.</translation>
    </message>
    <message>
        <source>There is no saved shop by that name.</source>
        <translation>Não há nenhuma loja salva com esse nome.</translation>
    </message>
</context>
<context>
    <name>FacetModel</name>
    <message numerus="yes">
        <source>{count} choices</source>
        <translation>
            <numerusform>{count} opção</numerusform>
            <numerusform>{count} opções</numerusform>
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
        <translation>Visualizações salvas</translation>
    </message>
    <message>
        <source>Open a view you saved</source>
        <translation>Abrir uma visualização salva</translation>
    </message>
    <message>
        <source>Save the current filters as a view</source>
        <translation>Salvar os filtros atuais como visualização</translation>
    </message>
    <message>
        <source>Save view</source>
        <translation>Salvar visualização</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>Salvar…</translation>
    </message>
    <message>
        <source>Delete the chosen saved view</source>
        <translation>Excluir a visualização salva escolhida</translation>
    </message>
    <message>
        <source>Delete saved view</source>
        <translation>Excluir visualização salva</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Limpar</translation>
    </message>
    <message>
        <source>Show all orders again</source>
        <translation>Mostrar todos os pedidos de novo</translation>
    </message>
    <message>
        <source>Clear filters</source>
        <translation>Limpar filtros</translation>
    </message>
    <message>
        <source>Filters</source>
        <translation>Filtros</translation>
    </message>
    <message>
        <source>Views</source>
        <translation>Visualizações</translation>
    </message>
    <message>
        <source>Name of this view:</source>
        <translation>Nome desta visualização:</translation>
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
        <translation>Escreva {buyer} onde vai o primeiro nome de cada comprador.</translation>
    </message>
    <message numerus="yes">
        <source>Also answer %n more who asked the same about this listing</source>
        <translation>
            <numerusform>Responder também a mais %n pessoa que perguntou o mesmo sobre este anúncio</numerusform>
            <numerusform>Responder também a mais %n pessoas que perguntaram o mesmo sobre este anúncio</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>InboxPanel</name>
    <message>
        <source>Inbox</source>
        <translation>Perguntas</translation>
    </message>
    <message>
        <source>Next conversation</source>
        <translation>Próxima conversa</translation>
    </message>
    <message>
        <source>Previous conversation</source>
        <translation>Conversa anterior</translation>
    </message>
    <message>
        <source>Next unanswered conversation</source>
        <translation>Próxima conversa sem resposta</translation>
    </message>
    <message>
        <source>Reply</source>
        <translation>Responder</translation>
    </message>
    <message>
        <source>Search questions</source>
        <translation>Buscar perguntas</translation>
    </message>
    <message>
        <source>Delete the question…</source>
        <translation>Excluir a pergunta…</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Buscando…</translation>
    </message>
    <message>
        <source>Waiting for an answer: {n}</source>
        <translation>Aguardando resposta: {n}</translation>
    </message>
    <message>
        <source>Every question has an answer</source>
        <translation>Todas as perguntas têm resposta</translation>
    </message>
    <message>
        <source>Shown: {n}</source>
        <translation>Exibidas: {n}</translation>
    </message>
    <message>
        <source>Conversations: {n}</source>
        <translation>Conversas: {n}</translation>
    </message>
    <message>
        <source>Offline: showing the saved copy; answers wait in the outbox</source>
        <translation>Sem conexão: exibindo a cópia salva; as respostas aguardam na caixa de saída</translation>
    </message>
    <message>
        <source>No shop connected</source>
        <translation>Nenhuma loja conectada</translation>
    </message>
    <message>
        <source>Buyers&apos; questions and your answers appear here, grouped by conversation, once a shop is connected.</source>
        <translation>Quando uma loja estiver conectada, as perguntas dos compradores e suas respostas aparecerão aqui, agrupadas por conversa.</translation>
    </message>
    <message>
        <source>Reading your shop&apos;s questions…</source>
        <translation>Lendo as perguntas da sua loja…</translation>
    </message>
    <message>
        <source>No results for these filters</source>
        <translation>Nenhum resultado para estes filtros</translation>
    </message>
    <message>
        <source>Try other words, or show all statuses and channels.</source>
        <translation>Tente outras palavras ou mostre todos os status e canais.</translation>
    </message>
    <message>
        <source>No unanswered questions — nice work</source>
        <translation>Nenhuma pergunta sem resposta — bom trabalho!</translation>
    </message>
    <message>
        <source>New questions from buyers show up here first.</source>
        <translation>As novas perguntas dos compradores aparecem aqui primeiro.</translation>
    </message>
    <message>
        <source>No questions yet</source>
        <translation>Ainda não há perguntas</translation>
    </message>
    <message>
        <source>Buyers&apos; questions appear here as they arrive.</source>
        <translation>As perguntas dos compradores aparecem aqui conforme chegam.</translation>
    </message>
    <message>
        <source>Conversations listed: {done} of {total}. They show here as soon as the list is read.</source>
        <translation>Conversas listadas: {done} de {total}. Elas aparecem aqui assim que a lista for lida.</translation>
    </message>
    <message>
        <source>Conversations read: {done} of {total}.</source>
        <translation>Conversas lidas: {done} de {total}.</translation>
    </message>
    <message>
        <source>A shop&apos;s first reading takes a little while; the other views can be used meanwhile.</source>
        <translation>A primeira leitura de uma loja leva um tempinho; enquanto isso, você pode usar as outras telas.</translation>
    </message>
</context>
<context>
    <name>InvoiceForm</name>
    <message>
        <source>Update the invoice</source>
        <translation>Atualizar a nota fiscal</translation>
    </message>
    <message>
        <source>Invoiced</source>
        <translation>Faturado</translation>
    </message>
    <message>
        <source>e.g. 0001-00001234</source>
        <translation>ex.: 0001-00001234</translation>
    </message>
    <message>
        <source>Invoice number</source>
        <translation>Número da nota fiscal</translation>
    </message>
    <message>
        <source>Invoice type</source>
        <translation>Tipo de nota fiscal</translation>
    </message>
    <message>
        <source>Update invoice</source>
        <translation>Atualizar nota fiscal</translation>
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
        <translation>Informe o número da nota fiscal ou desmarque Faturado.</translation>
    </message>
</context>
<context>
    <name>KeyValues</name>
    <message>
        <source>… ({count} more characters)</source>
        <translation>… (mais {count} caracteres)</translation>
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
        <translation>Idioma do sistema</translation>
    </message>
</context>
<context>
    <name>LinkButton</name>
    <message>
        <source>link</source>
        <translation>link</translation>
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
        <translation>O SellerDesk não abre este endereço: não é um endereço web</translation>
    </message>
    <message>
        <source>{what}: none</source>
        <translation>{what}: nenhum</translation>
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
        <translation>Ainda não baixado da loja</translation>
    </message>
    <message>
        <source>Updated {when}</source>
        <translation>Atualizado {when}</translation>
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
        <translation>Nenhuma loja conectada</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Arquivo</translation>
    </message>
    <message>
        <source>&amp;Profiles…</source>
        <translation>&amp;Perfis…</translation>
    </message>
    <message>
        <source>&amp;Notifications and refresh…</source>
        <translation>&amp;Notificações e atualização…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Sair</translation>
    </message>
    <message>
        <source>&amp;Shops</source>
        <translation>&amp;Lojas</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>E&amp;xibir</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Atualizar</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>Aj&amp;uda</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Atalhos de teclado</translation>
    </message>
    <message>
        <source>&amp;About SellerDesk</source>
        <translation>&amp;Sobre o SellerDesk</translation>
    </message>
    <message>
        <source>Demo shop</source>
        <translation>Loja de demonstração</translation>
    </message>
    <message>
        <source>Manage shops…</source>
        <translation>Gerenciar lojas…</translation>
    </message>
    <message>
        <source>General</source>
        <translation>Geral</translation>
    </message>
    <message>
        <source>Views</source>
        <translation>Seções</translation>
    </message>
    <message numerus="yes">
        <source>%n change(s) waiting to be sent</source>
        <translation>
            <numerusform>%n alteração aguardando envio</numerusform>
            <numerusform>%n alterações aguardando envio</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Sync now</source>
        <translation>&amp;Sincronizar agora</translation>
    </message>
    <message>
        <source>Fetch what changed in the shop now, with progress and Cancel in the status bar.</source>
        <translation>Busca agora o que mudou na loja, com o progresso e Cancelar na barra de status.</translation>
    </message>
    <message>
        <source>&amp;Refresh this view</source>
        <translation>&amp;Atualizar esta visualização</translation>
    </message>
</context>
<context>
    <name>MessageBanner</name>
    <message>
        <source>Messages</source>
        <translation>Mensagens</translation>
    </message>
</context>
<context>
    <name>NavigationList</name>
    <message>
        <source>Views</source>
        <translation>Seções</translation>
    </message>
</context>
<context>
    <name>NoticeCounts</name>
    <message numerus="yes">
        <source>%n new question(s)</source>
        <translation>
            <numerusform>%n pergunta nova</numerusform>
            <numerusform>%n perguntas novas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n new order(s)</source>
        <translation>
            <numerusform>%n pedido novo</numerusform>
            <numerusform>%n pedidos novos</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>NotificationSettingsDialog</name>
    <message>
        <source>Notifications and refresh</source>
        <translation>Notificações e atualização</translation>
    </message>
    <message>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <source>Look for news every (minutes)</source>
        <translation>Buscar novidades a cada (minutos)</translation>
    </message>
    <message>
        <source>Show a desktop notification for new questions and orders</source>
        <translation>Mostrar uma notificação na área de trabalho para novas perguntas e pedidos</translation>
    </message>
    <message>
        <source>Quiet hours: no notifications from</source>
        <translation>Horário silencioso: sem notificações das</translation>
    </message>
    <message>
        <source>Quiet hours start</source>
        <translation>Início do horário silencioso</translation>
    </message>
    <message>
        <source>Quiet hours end</source>
        <translation>Fim do horário silencioso</translation>
    </message>
    <message>
        <source>A question is late after (minutes)</source>
        <translation>Uma pergunta está atrasada depois de (minutos)</translation>
    </message>
    <message>
        <source>Look for news every</source>
        <translation>Buscar novidades a cada</translation>
    </message>
    <message>
        <source>to</source>
        <translation>às</translation>
    </message>
    <message>
        <source>A question is late after</source>
        <translation>Uma pergunta está atrasada depois de</translation>
    </message>
    <message>
        <source>While offline, or when the shop service asks to slow down, SellerDesk looks less often and catches up as soon as it can. In quiet hours the counts still update.</source>
        <translation>Sem conexão, ou quando o serviço da loja pede para ir mais devagar, o SellerDesk busca com menos frequência e se atualiza assim que possível. No horário silencioso, as contagens continuam sendo atualizadas.</translation>
    </message>
    <message>
        <source>This desktop has no notification area: new questions and orders show as counts in the window only.</source>
        <translation>Esta área de trabalho não tem área de notificação: novas perguntas e pedidos aparecem só como contagens na janela.</translation>
    </message>
</context>
<context>
    <name>Notifier</name>
    <message>
        <source>a buyer</source>
        <translation>um comprador</translation>
    </message>
    <message>
        <source>New question from {buyer}</source>
        <translation>Nova pergunta de {buyer}</translation>
    </message>
    <message>
        <source>New order from {buyer}</source>
        <translation>Novo pedido de {buyer}</translation>
    </message>
    <message>
        <source>{shop}: {what}</source>
        <translation>{shop}: {what}</translation>
    </message>
    <message numerus="yes">
        <source>%n unanswered question(s)</source>
        <translation>
            <numerusform>%n pergunta sem resposta</numerusform>
            <numerusform>%n perguntas sem resposta</numerusform>
        </translation>
    </message>
    <message>
        <source>No questions waiting</source>
        <translation>Nenhuma pergunta aguardando</translation>
    </message>
    <message>
        <source>Open SellerDesk</source>
        <translation>Abrir o SellerDesk</translation>
    </message>
</context>
<context>
    <name>OptionsEditor</name>
    <message>
        <source>Options</source>
        <translation>Opções</translation>
    </message>
    <message>
        <source>Add option</source>
        <translation>Adicionar opção</translation>
    </message>
    <message>
        <source>Add an option</source>
        <translation>Adicionar uma opção</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Remover</translation>
    </message>
    <message>
        <source>Remove the selected option</source>
        <translation>Remover a opção selecionada</translation>
    </message>
</context>
<context>
    <name>OptionsModel</name>
    <message>
        <source>Option</source>
        <translation>Opção</translation>
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
        <translation>número ou valor</translation>
    </message>
</context>
<context>
    <name>OrderCommands</name>
    <message numerus="yes">
        <source>Updating {count} shippings…</source>
        <translation>
            <numerusform>Atualizando {count} envio…</numerusform>
            <numerusform>Atualizando {count} envios…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Exported {count} orders to {file}</source>
        <translation>
            <numerusform>{count} pedido exportado para {file}</numerusform>
            <numerusform>{count} pedidos exportados para {file}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>OrderDetail</name>
    <message>
        <source>No order selected</source>
        <translation>Nenhum pedido selecionado</translation>
    </message>
    <message>
        <source>Pick an order in the list to see its buyer, products, payments and shipping here.</source>
        <translation>Escolha um pedido na lista para ver aqui o comprador, os produtos, os pagamentos e o envio.</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Atualizar</translation>
    </message>
    <message>
        <source>Read this order again from the shop</source>
        <translation>Ler este pedido de novo a partir da loja</translation>
    </message>
    <message>
        <source>Refresh this order from the shop</source>
        <translation>Atualizar este pedido a partir da loja</translation>
    </message>
    <message>
        <source>Close the detail (the list takes the whole height)</source>
        <translation>Fechar o detalhe (a lista ocupa toda a altura)</translation>
    </message>
    <message>
        <source>Close the order detail</source>
        <translation>Fechar o detalhe do pedido</translation>
    </message>
    <message>
        <source>Order detail</source>
        <translation>Detalhes do pedido</translation>
    </message>
    <message>
        <source>Order {id}</source>
        <translation>Pedido {id}</translation>
    </message>
    <message>
        <source>Paid</source>
        <translation>Pago</translation>
    </message>
    <message>
        <source>Unpaid</source>
        <translation>Não pago</translation>
    </message>
    <message>
        <source>Shipping: {state}</source>
        <translation>Envio: {state}</translation>
    </message>
    <message>
        <source>Delivered</source>
        <translation>Entregue</translation>
    </message>
    <message>
        <source>Not delivered</source>
        <translation>Não entregue</translation>
    </message>
    <message>
        <source>Closed</source>
        <translation>Fechado</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Aberto</translation>
    </message>
    <message>
        <source>To be agreed with the buyer</source>
        <translation>A combinar com o comprador</translation>
    </message>
    <message>
        <source>Your own delivery</source>
        <translation>Entrega própria</translation>
    </message>
    <message>
        <source>Carrier</source>
        <translation>Transportadora</translation>
    </message>
    <message>
        <source>Carrier, you print the label</source>
        <translation>Transportadora; você imprime a etiqueta</translation>
    </message>
    <message>
        <source>Pending</source>
        <translation>Pendente</translation>
    </message>
    <message>
        <source>Approved</source>
        <translation>Aprovado</translation>
    </message>
    <message>
        <source>In process</source>
        <translation>Em processamento</translation>
    </message>
    <message>
        <source>Rejected</source>
        <translation>Recusado</translation>
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
        <translation>Estornado</translation>
    </message>
    <message>
        <source>Buyer</source>
        <translation>Comprador</translation>
    </message>
    <message>
        <source>No buyer details.</source>
        <translation>Sem dados do comprador.</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <source>Nickname</source>
        <translation>Apelido</translation>
    </message>
    <message>
        <source>E-mail</source>
        <translation>E-mail</translation>
    </message>
    <message>
        <source>Phone</source>
        <translation>Telefone</translation>
    </message>
    <message>
        <source>Document</source>
        <translation>Documento</translation>
    </message>
    <message>
        <source>Client number</source>
        <translation>Nº do cliente</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Mensagem</translation>
    </message>
    <message>
        <source>Billing data</source>
        <translation>Dados de faturamento</translation>
    </message>
    <message>
        <source>No billing data.</source>
        <translation>Sem dados de faturamento.</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Endereço</translation>
    </message>
    <message>
        <source>City</source>
        <translation>Cidade</translation>
    </message>
    <message>
        <source>Postcode</source>
        <translation>CEP</translation>
    </message>
    <message>
        <source>Tax document</source>
        <translation>Documento fiscal</translation>
    </message>
    <message>
        <source>Products</source>
        <translation>Produtos</translation>
    </message>
    <message>
        <source>{quantity} × {title}</source>
        <translation>{quantity} × {title}</translation>
    </message>
    <message>
        <source>(untitled)</source>
        <translation>(sem título)</translation>
    </message>
    <message>
        <source>Variation</source>
        <translation>Variação</translation>
    </message>
    <message>
        <source>SKU</source>
        <translation>SKU</translation>
    </message>
    <message>
        <source>{unit} each, {amount}</source>
        <translation>{unit} cada, {amount}</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>Preço</translation>
    </message>
    <message>
        <source>Promotion</source>
        <translation>Promoção</translation>
    </message>
    <message>
        <source>No products listed.</source>
        <translation>Nenhum produto listado.</translation>
    </message>
    <message>
        <source>Discounts</source>
        <translation>Descontos</translation>
    </message>
    <message>
        <source>Shipping</source>
        <translation>Envio</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>Payments</source>
        <translation>Pagamentos</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>Método</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Valor</translation>
    </message>
    <message>
        <source>Instalments</source>
        <translation>Parcelas</translation>
    </message>
    <message>
        <source>Paid on</source>
        <translation>Pago em</translation>
    </message>
    <message>
        <source>No payments yet.</source>
        <translation>Ainda não há pagamentos.</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <source>Tracking code</source>
        <translation>Código de rastreio</translation>
    </message>
    <message>
        <source>Receiver</source>
        <translation>Destinatário</translation>
    </message>
    <message>
        <source>Deliver to</source>
        <translation>Entregar em</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Observações</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Custo</translation>
    </message>
    <message>
        <source>This order has no shipping.</source>
        <translation>Este pedido não tem envio.</translation>
    </message>
    <message>
        <source>Invoice</source>
        <translation>Nota fiscal</translation>
    </message>
    <message>
        <source>Not invoiced yet.</source>
        <translation>Ainda não faturado.</translation>
    </message>
    <message>
        <source>Number</source>
        <translation>Número</translation>
    </message>
    <message>
        <source>Invoiced on</source>
        <translation>Faturado em</translation>
    </message>
    <message>
        <source>No notes.</source>
        <translation>Sem observações.</translation>
    </message>
    <message>
        <source>Feedback</source>
        <translation>Avaliação</translation>
    </message>
    <message>
        <source>From the buyer</source>
        <translation>Do comprador</translation>
    </message>
    <message>
        <source>From you</source>
        <translation>Sua</translation>
    </message>
    <message>
        <source>Given</source>
        <translation>Feita</translation>
    </message>
    <message>
        <source>Billing name</source>
        <translation>Nome de faturamento</translation>
    </message>
    <message>
        <source>Billing e-mail</source>
        <translation>E-mail de faturamento</translation>
    </message>
    <message>
        <source>Billing phone</source>
        <translation>Telefone de faturamento</translation>
    </message>
    <message>
        <source>Billing city</source>
        <translation>Cidade de faturamento</translation>
    </message>
    <message>
        <source>Products total</source>
        <translation>Total dos produtos</translation>
    </message>
    <message>
        <source>Shipping total</source>
        <translation>Total do envio</translation>
    </message>
    <message>
        <source>Payment method</source>
        <translation>Método de pagamento</translation>
    </message>
    <message>
        <source>Payment status</source>
        <translation>Status do pagamento</translation>
    </message>
    <message>
        <source>Amount paid</source>
        <translation>Valor pago</translation>
    </message>
    <message>
        <source>Shipping number</source>
        <translation>Número do envio</translation>
    </message>
    <message>
        <source>Shipping status</source>
        <translation>Status do envio</translation>
    </message>
    <message>
        <source>Shipping method</source>
        <translation>Método de envio</translation>
    </message>
    <message>
        <source>Shipping type</source>
        <translation>Tipo de envio</translation>
    </message>
    <message>
        <source>Receiver&apos;s phone</source>
        <translation>Telefone do destinatário</translation>
    </message>
    <message>
        <source>Shipping notes</source>
        <translation>Observações do envio</translation>
    </message>
    <message>
        <source>Shipping cost</source>
        <translation>Custo do envio</translation>
    </message>
    <message>
        <source>Invoice number</source>
        <translation>Número da nota fiscal</translation>
    </message>
    <message>
        <source>Invoice type</source>
        <translation>Tipo da nota fiscal</translation>
    </message>
    <message>
        <source>Feedback from the buyer</source>
        <translation>Avaliação do comprador</translation>
    </message>
    <message>
        <source>Your feedback</source>
        <translation>Sua avaliação</translation>
    </message>
</context>
<context>
    <name>OrderFilters</name>
    <message>
        <source>Payment</source>
        <translation>Pagamento</translation>
    </message>
    <message>
        <source>Processing</source>
        <translation>Processamento</translation>
    </message>
    <message>
        <source>Shipping</source>
        <translation>Envio</translation>
    </message>
    <message>
        <source>Delivery</source>
        <translation>Entrega</translation>
    </message>
    <message>
        <source>Open or closed</source>
        <translation>Abertos ou fechados</translation>
    </message>
    <message>
        <source>Buyer contact</source>
        <translation>Contato com o comprador</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>Canal</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>Moeda</translation>
    </message>
    <message>
        <source>Feedback</source>
        <translation>Avaliações</translation>
    </message>
    <message>
        <source>Buyer&apos;s feedback</source>
        <translation>Avaliação do comprador</translation>
    </message>
    <message>
        <source>Your feedback</source>
        <translation>Sua avaliação</translation>
    </message>
    <message>
        <source>Paid</source>
        <translation>Pagos</translation>
    </message>
    <message>
        <source>Not paid</source>
        <translation>Não pagos</translation>
    </message>
    <message>
        <source>Processed</source>
        <translation>Processados</translation>
    </message>
    <message>
        <source>Not processed</source>
        <translation>Não processados</translation>
    </message>
    <message>
        <source>Delivered</source>
        <translation>Entregues</translation>
    </message>
    <message>
        <source>Not delivered</source>
        <translation>Não entregues</translation>
    </message>
    <message>
        <source>Closed</source>
        <translation>Fechados</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Abertos</translation>
    </message>
    <message>
        <source>Both given</source>
        <translation>Ambas feitas</translation>
    </message>
    <message>
        <source>Both pending</source>
        <translation>Ambas pendentes</translation>
    </message>
    <message>
        <source>Given</source>
        <translation>Feita</translation>
    </message>
    <message>
        <source>Pending</source>
        <translation>Pendente</translation>
    </message>
    <message>
        <source>Not contacted yet</source>
        <translation>Ainda não contatado</translation>
    </message>
    <message>
        <source>First contact made</source>
        <translation>Primeiro contato feito</translation>
    </message>
    <message>
        <source>Details confirmed</source>
        <translation>Dados confirmados</translation>
    </message>
    <message>
        <source>Ready for pick-up</source>
        <translation>Para retirar</translation>
    </message>
    <message>
        <source>On route</source>
        <translation>A caminho</translation>
    </message>
    <message>
        <source>Label to print</source>
        <translation>Imprimir etiqueta</translation>
    </message>
    <message>
        <source>To be agreed</source>
        <translation>A combinar</translation>
    </message>
    <message>
        <source>Being prepared</source>
        <translation>Em preparação</translation>
    </message>
    <message>
        <source>Shop</source>
        <translation>Loja</translation>
    </message>
    <message>
        <source>Marketplace</source>
        <translation>Marketplace</translation>
    </message>
    <message>
        <source>To process</source>
        <translation>Para processar</translation>
    </message>
    <message>
        <source>To ship</source>
        <translation>Para enviar</translation>
    </message>
    <message>
        <source>On the way</source>
        <translation>A caminho</translation>
    </message>
    <message>
        <source>To rate</source>
        <translation>Para avaliar</translation>
    </message>
    <message>
        <source>Paid orders not processed yet</source>
        <translation>Pedidos pagos ainda não processados</translation>
    </message>
    <message>
        <source>Paid and processed orders not handed to the carrier yet</source>
        <translation>Pedidos pagos e processados ainda não entregues à transportadora</translation>
    </message>
    <message>
        <source>Orders handed to the carrier and not delivered yet</source>
        <translation>Pedidos entregues à transportadora e ainda não recebidos</translation>
    </message>
    <message>
        <source>Total by currency, highest first</source>
        <translation>Total por moeda, maior primeiro</translation>
    </message>
    <message>
        <source>Total by currency, lowest first</source>
        <translation>Total por moeda, menor primeiro</translation>
    </message>
    <message>
        <source>Delivered orders waiting for your feedback</source>
        <translation>Pedidos entregues aguardando sua avaliação</translation>
    </message>
    <message>
        <source>Orders that are closed</source>
        <translation>Pedidos fechados</translation>
    </message>
    <message>
        <source>Newest first</source>
        <translation>Mais recentes primeiro</translation>
    </message>
    <message>
        <source>Oldest first</source>
        <translation>Mais antigos primeiro</translation>
    </message>
    <message>
        <source>Recently updated first</source>
        <translation>Atualizados recentemente primeiro</translation>
    </message>
    <message>
        <source>Least recently updated first</source>
        <translation>Atualizados há mais tempo primeiro</translation>
    </message>
    <message>
        <source>Buyer name, A to Z</source>
        <translation>Nome do comprador, A a Z</translation>
    </message>
    <message>
        <source>Buyer name, Z to A</source>
        <translation>Nome do comprador, Z a A</translation>
    </message>
    <message>
        <source>Client number, ascending</source>
        <translation>Nº do cliente, crescente</translation>
    </message>
    <message>
        <source>Client number, descending</source>
        <translation>Nº do cliente, decrescente</translation>
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
        <translation>Data</translation>
    </message>
    <message>
        <source>Buyer</source>
        <translation>Comprador</translation>
    </message>
    <message>
        <source>Nickname</source>
        <translation>Apelido</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>Canal</translation>
    </message>
    <message>
        <source>Products</source>
        <translation>Produtos</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>Moeda</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>Paid</source>
        <translation>Pago</translation>
    </message>
    <message>
        <source>Processed</source>
        <translation>Processado</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Situação</translation>
    </message>
    <message>
        <source>Shipping</source>
        <translation>Envio</translation>
    </message>
    <message>
        <source>Tracking codes</source>
        <translation>Códigos de rastreamento</translation>
    </message>
    <message>
        <source>Delivered</source>
        <translation>Entregue</translation>
    </message>
    <message>
        <source>Closed</source>
        <translation>Encerrado</translation>
    </message>
    <message>
        <source>Invoiced</source>
        <translation>Faturado</translation>
    </message>
    <message>
        <source>Invoice number</source>
        <translation>Número da nota fiscal</translation>
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
        <translation>Palavras do nome ou apelido do comprador, de um produto, de um código de rastreio ou o número do pedido</translation>
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
        <translation>Atualizar envio…</translation>
    </message>
    <message>
        <source>Update the shipping of the selected orders</source>
        <translation>Atualizar o envio dos pedidos selecionados</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Exportar…</translation>
    </message>
    <message>
        <source>Export the orders of this view to a CSV file</source>
        <translation>Exportar os pedidos desta visualização para um arquivo CSV</translation>
    </message>
    <message>
        <source>Print…</source>
        <translation>Imprimir…</translation>
    </message>
    <message>
        <source>Print packing slips or a pick list for the selected orders, or for this view</source>
        <translation>Imprimir guias de remessa ou uma lista de separação dos pedidos selecionados ou desta visualização</translation>
    </message>
    <message>
        <source>No orders yet</source>
        <translation>Ainda não há pedidos</translation>
    </message>
    <message>
        <source>Orders appear here after the next sync.</source>
        <translation>Os pedidos aparecem aqui após a próxima sincronização.</translation>
    </message>
    <message>
        <source>No orders to show</source>
        <translation>Nenhum pedido para mostrar</translation>
    </message>
    <message>
        <source>Your sales in the shop and on the marketplace appear here, with their payment and shipping state, once a shop is connected.</source>
        <translation>Quando uma loja estiver conectada, suas vendas na loja e no marketplace aparecerão aqui, com o status de pagamento e de envio.</translation>
    </message>
    <message>
        <source>Go to filters</source>
        <translation>Ir para os filtros</translation>
    </message>
    <message>
        <source>Go to the order list</source>
        <translation>Ir para a lista de pedidos</translation>
    </message>
    <message>
        <source>Edit the tracking code</source>
        <translation>Editar o código de rastreio</translation>
    </message>
    <message>
        <source>Update shipping of the selected orders…</source>
        <translation>Atualizar o envio dos pedidos selecionados…</translation>
    </message>
    <message>
        <source>Export this view to CSV…</source>
        <translation>Exportar esta visualização para CSV…</translation>
    </message>
    <message>
        <source>Save these filters as a view…</source>
        <translation>Salvar estes filtros como visualização…</translation>
    </message>
    <message>
        <source>Clear filters</source>
        <translation>Limpar filtros</translation>
    </message>
    <message>
        <source>Refresh the selected order from the shop</source>
        <translation>Atualizar o pedido selecionado a partir da loja</translation>
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
        <translation>Primeiro selecione os pedidos a atualizar (Shift ou Ctrl e clique).</translation>
    </message>
    <message>
        <source>Exporting orders…</source>
        <translation>Exportando pedidos…</translation>
    </message>
    <message>
        <source>Refreshing order {id}…</source>
        <translation>Atualizando o pedido {id}…</translation>
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
            <numerusform>{count} pedido corresponde</numerusform>
            <numerusform>{count} pedidos correspondem</numerusform>
        </translation>
    </message>
    <message>
        <source> · {loaded} loaded, more as you scroll</source>
        <translation> · {loaded} carregados, mais ao rolar</translation>
    </message>
    <message>
        <source>No orders match these filters</source>
        <translation>Nenhum pedido corresponde a estes filtros</translation>
    </message>
    <message>
        <source>Clear a filter or search for other words (Ctrl+Shift+Backspace clears them all).</source>
        <translation>Remova um filtro ou busque outras palavras (Ctrl+Shift+Backspace limpa todos).</translation>
    </message>
    <message>
        <source>Orders appear here after the next sync with the shop.</source>
        <translation>Os pedidos aparecem aqui após a próxima sincronização com a loja.</translation>
    </message>
    <message>
        <source>Saving the invoice of order {id}…</source>
        <translation>Salvando a nota fiscal do pedido {id}…</translation>
    </message>
    <message>
        <source>Saving the shipping of order {id}…</source>
        <translation>Salvando o envio do pedido {id}…</translation>
    </message>
    <message>
        <source>Export orders</source>
        <translation>Exportar pedidos</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>Arquivos CSV (*.csv)</translation>
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
        <translation>Carregando pedidos…</translation>
    </message>
    <message>
        <source>Click to sort by this column</source>
        <translation>Clique para ordenar por esta coluna</translation>
    </message>
    <message>
        <source>Changes of yours waiting to be sent, or just sent</source>
        <translation>Alterações suas aguardando envio, ou recém-enviadas</translation>
    </message>
    <message>
        <source>No changes waiting</source>
        <translation>Nenhuma alteração pendente</translation>
    </message>
    <message>
        <source>Tracking: {codes}</source>
        <translation>Rastreio: {codes}</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Pedido</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Data</translation>
    </message>
    <message>
        <source>Buyer</source>
        <translation>Comprador</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Situação</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>Canal</translation>
    </message>
    <message>
        <source>Products</source>
        <translation>Produtos</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>Paid</source>
        <translation>Pago</translation>
    </message>
    <message>
        <source>Delivered</source>
        <translation>Entregue</translation>
    </message>
    <message>
        <source>Closed</source>
        <translation>Fechado</translation>
    </message>
    <message>
        <source>Changes</source>
        <translation>Alterações</translation>
    </message>
    <message>
        <source>Unpaid</source>
        <translation>A pagar</translation>
    </message>
    <message>
        <source>Market</source>
        <translation>Mercado</translation>
    </message>
    <message>
        <source>On the way</source>
        <translation>A caminho</translation>
    </message>
    <message>
        <source>To pick up</source>
        <translation>Para retirar</translation>
    </message>
    <message>
        <source>Preparing</source>
        <translation>Em preparação</translation>
    </message>
    <message>
        <source>Pending</source>
        <translation>Pendente</translation>
    </message>
    <message>
        <source>No shipping</source>
        <translation>Sem envio</translation>
    </message>
    <message>
        <source>Total (by currency)</source>
        <translation>Total (por moeda)</translation>
    </message>
    <message>
        <source>Sorts by currency, then by amount within each currency (amounts in different currencies are not compared). Click to sort by this column</source>
        <translation>Ordena por moeda e depois pelo valor dentro de cada moeda (valores de moedas diferentes não são comparados). Clique para ordenar por esta coluna</translation>
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
        <translation>Nome</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Código</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>Opções</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Provedor</translation>
    </message>
    <message>
        <source>Inserted on</source>
        <translation>Inserido em</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Answer to question {id}</source>
        <translation>Resposta à pergunta {id}</translation>
    </message>
    <message>
        <source>Answer to {buyer} about {product}</source>
        <translation>Resposta a {buyer} sobre {product}</translation>
    </message>
    <message>
        <source>Deletion of {buyer}’s question about {product}</source>
        <translation>Exclusão da pergunta de {buyer} sobre {product}</translation>
    </message>
    <message>
        <source>Answer to {buyer}</source>
        <translation>Resposta a {buyer}</translation>
    </message>
    <message>
        <source>Deletion of {buyer}’s question</source>
        <translation>Exclusão da pergunta de {buyer}</translation>
    </message>
    <message>
        <source>Deletion of question {id}</source>
        <translation>Exclusão da pergunta {id}</translation>
    </message>
    <message>
        <source>Invoice of order {id} ({buyer})</source>
        <translation>Nota fiscal do pedido {id} ({buyer})</translation>
    </message>
    <message>
        <source>Invoice of order {id}</source>
        <translation>Nota fiscal do pedido {id}</translation>
    </message>
    <message>
        <source>Shipping of order {id} ({buyer}) → {status}</source>
        <translation>Envio do pedido {id} ({buyer}) → {status}</translation>
    </message>
    <message>
        <source>Shipping of order {id} → {status}</source>
        <translation>Envio do pedido {id} → {status}</translation>
    </message>
    <message>
        <source>New tracking code “{name}”</source>
        <translation>Novo código de rastreamento “{name}”</translation>
    </message>
    <message>
        <source>Changes to tracking code “{name}”</source>
        <translation>Alterações no código de rastreamento “{name}”</translation>
    </message>
    <message>
        <source>Changes to tracking code {id}</source>
        <translation>Alterações no código de rastreamento {id}</translation>
    </message>
    <message>
        <source>Deletion of tracking code “{name}”</source>
        <translation>Exclusão do código de rastreamento “{name}”</translation>
    </message>
    <message>
        <source>Deletion of tracking code {id}</source>
        <translation>Exclusão do código de rastreamento {id}</translation>
    </message>
    <message>
        <source>{product} and {count} more</source>
        <translation>{product} e mais {count}</translation>
    </message>
    <message>
        <source>Not invoiced</source>
        <translation>Não faturado</translation>
    </message>
    <message>
        <source>Invoiced: {type} {number}</source>
        <translation>Faturado: {type} {number}</translation>
    </message>
    <message>
        <source>{status}, tracking {code}</source>
        <translation>{status}, rastreio {code}</translation>
    </message>
    <message>
        <source>{provider}, {event}</source>
        <translation>{provider}, {event}</translation>
    </message>
    <message>
        <source>The question is removed from the shop</source>
        <translation>A pergunta é removida da loja</translation>
    </message>
    <message>
        <source>The shop stops inserting this snippet</source>
        <translation>A loja deixa de inserir este trecho de código</translation>
    </message>
    <message>
        <source>It was sent before without a clear answer from the shop, so SellerDesk first checks whether it is already there.</source>
        <translation>Já foi enviado antes sem uma resposta clara da loja, então o SellerDesk verifica primeiro se já está lá.</translation>
    </message>
    <message>
        <source>Already on the shop: {what}. Nothing to undo, nothing was discarded.</source>
        <translation>Já está na loja: {what}. Não há nada a desfazer e nada foi descartado.</translation>
    </message>
    <message>
        <source>“{what}” was sent before without a clear answer from the shop: it may already be on the shop.</source>
        <translation>“{what}” foi enviado antes sem uma resposta clara da loja: pode já estar na loja.</translation>
    </message>
    <message>
        <source>The shop cannot be reached to check ({reason}). Nothing was discarded. Discard it anyway? It will not be sent again, and it may stay on the shop.</source>
        <translation>Não é possível contatar a loja para verificar ({reason}). Nada foi descartado. Descartar mesmo assim? Não será enviado de novo, e pode continuar na loja.</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(nenhum)</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>Sim</translation>
    </message>
    <message>
        <source>No</source>
        <translation>Não</translation>
    </message>
    <message>
        <source>The record no longer exists on the shop, so your change cannot be applied.</source>
        <translation>O registro não existe mais na loja, então sua alteração não pode ser aplicada.</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Resposta</translation>
    </message>
    <message>
        <source>(no answer)</source>
        <translation>(sem resposta)</translation>
    </message>
    <message>
        <source>The buyer already has the other answer, and a question can only be answered once.</source>
        <translation>O comprador já recebeu a outra resposta, e uma pergunta só pode ser respondida uma vez.</translation>
    </message>
    <message>
        <source>Invoiced</source>
        <translation>Faturado</translation>
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
        <translation>Código de rastreio</translation>
    </message>
    <message>
        <source>Already gone</source>
        <translation>Já não existe</translation>
    </message>
    <message>
        <source>Still there</source>
        <translation>Ainda existe</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Alteração</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Excluir</translation>
    </message>
</context>
<context>
    <name>OutboxButton</name>
    <message>
        <source>Open the outbox (Ctrl+6)</source>
        <translation>Abrir a caixa de saída (Ctrl+6)</translation>
    </message>
    <message>
        <source>Outbox: {waiting} waiting, {conflicts}</source>
        <translation>Caixa de saída: {waiting} aguardando, {conflicts}</translation>
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
        <translation>Caixa de saída: {waiting} aguardando</translation>
    </message>
    <message>
        <source>Outbox: all sent</source>
        <translation>Caixa de saída: tudo enviado</translation>
    </message>
</context>
<context>
    <name>OutboxModel</name>
    <message>
        <source>Scheduled for {time}</source>
        <translation>Agendado para {time}</translation>
    </message>
    <message>
        <source>Waiting to retry</source>
        <translation>Aguardando nova tentativa</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Alteração</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Detalhes</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Situação</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Tentativas</translation>
    </message>
    <message>
        <source>Last problem</source>
        <translation>Último problema</translation>
    </message>
    <message>
        <source>Made</source>
        <translation>Criada em</translation>
    </message>
</context>
<context>
    <name>OutboxPanel</name>
    <message>
        <source>Nothing waiting to be sent</source>
        <translation>Nada esperando para ser enviado</translation>
    </message>
    <message>
        <source>Outbox</source>
        <translation>Caixa de saída</translation>
    </message>
    <message>
        <source>Send all now</source>
        <translation>Enviar tudo agora</translation>
    </message>
    <message>
        <source>Send every waiting change now</source>
        <translation>Enviar agora todas as alterações pendentes</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Tentar de novo</translation>
    </message>
    <message>
        <source>Send the selected change again</source>
        <translation>Enviar de novo a alteração selecionada</translation>
    </message>
    <message>
        <source>Discard…</source>
        <translation>Descartar…</translation>
    </message>
    <message>
        <source>Discard the selected change</source>
        <translation>Descartar a alteração selecionada</translation>
    </message>
    <message>
        <source>Resolve…</source>
        <translation>Resolver…</translation>
    </message>
    <message>
        <source>Resolve the selected conflict</source>
        <translation>Resolver o conflito selecionado</translation>
    </message>
    <message>
        <source>Changes waiting to be sent</source>
        <translation>Alterações aguardando envio</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>Pergunta</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Detalhes</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Situação</translation>
    </message>
    <message>
        <source>Last problem</source>
        <translation>Último problema</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Tentativas</translation>
    </message>
    <message>
        <source>Made</source>
        <translation>Criada em</translation>
    </message>
    <message>
        <source>Next attempt</source>
        <translation>Próxima tentativa</translation>
    </message>
    <message>
        <source>All changes sent</source>
        <translation>Todas as alterações enviadas</translation>
    </message>
    <message>
        <source>Answers and updates you make while offline wait here until they reach the shop.</source>
        <translation>As respostas e atualizações que você fizer offline aguardam aqui até chegarem à loja.</translation>
    </message>
    <message>
        <source>Retry the selected change</source>
        <translation>Tentar de novo a alteração selecionada</translation>
    </message>
    <message>
        <source>Send all waiting changes now</source>
        <translation>Enviar agora todas as alterações pendentes</translation>
    </message>
    <message>
        <source>Discard the selected change (in the list)</source>
        <translation>Descartar a alteração selecionada (na lista)</translation>
    </message>
    <message numerus="yes">
        <source>%n waiting</source>
        <translation>
            <numerusform>%n aguardando</numerusform>
            <numerusform>%n aguardando</numerusform>
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
            <numerusform>%n alteração precisa de você: a loja tem outra versão</numerusform>
            <numerusform>%n alterações precisam de você: a loja tem outra versão</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n changes left the outbox</source>
        <translation>
            <numerusform>%n alteração saiu da caixa de saída</numerusform>
            <numerusform>%n alterações saíram da caixa de saída</numerusform>
        </translation>
    </message>
    <message>
        <source>Sending is paused: {reason}</source>
        <translation>O envio está pausado: {reason}</translation>
    </message>
    <message>
        <source>Goes at</source>
        <translation>Sai às</translation>
    </message>
    <message>
        <source>Products</source>
        <translation>Produtos</translation>
    </message>
    <message>
        <source>(not in the saved copy)</source>
        <translation>(não está na cópia salva)</translation>
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
        <translation>Descartar alteração</translation>
    </message>
    <message>
        <source>Discard “{what}”?</source>
        <translation>Descartar “{what}”?</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Descartar</translation>
    </message>
    <message>
        <source>It will not be sent to the shop, and it cannot be brought back.</source>
        <translation>Ela não será enviada à loja e não poderá ser recuperada.</translation>
    </message>
    <message>
        <source>Discard anyway</source>
        <translation>Descartar mesmo assim</translation>
    </message>
    <message>
        <source>Resolving the conflict…</source>
        <translation>Resolvendo o conflito…</translation>
    </message>
</context>
<context>
    <name>ProfileDialog</name>
    <message>
        <source>Connect your shop</source>
        <translation>Conecte sua loja</translation>
    </message>
    <message>
        <source>My shop</source>
        <translation>Minha loja</translation>
    </message>
    <message>
        <source>Profile name</source>
        <translation>Nome do perfil</translation>
    </message>
    <message>
        <source>Service address</source>
        <translation>Endereço do serviço</translation>
    </message>
    <message>
        <source>Shop number</source>
        <translation>Número da loja</translation>
    </message>
    <message>
        <source>Access token</source>
        <translation>Token de acesso</translation>
    </message>
    <message>
        <source>Leave empty to keep the saved token</source>
        <translation>Deixe vazio para manter o token salvo</translation>
    </message>
    <message>
        <source>Try the demo shop</source>
        <translation>Experimentar a loja de demonstração</translation>
    </message>
    <message>
        <source>Enter the address of the shop service and your shop&apos;s number, then the access token you got from the marketplace or sign in with it. Or look around first with the demo shop.</source>
        <translation>Informe o endereço do serviço da loja e o número da sua loja, depois o token de acesso que você recebeu do marketplace ou entre com ele. Ou dê uma olhada antes com a loja de demonstração.</translation>
    </message>
    <message>
        <source>Sign in</source>
        <translation>Entrar</translation>
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
        <translation>O SellerDesk abre a página de entrada do serviço da loja no seu navegador; autorize o SellerDesk lá e, a partir daí, ele renova o acesso sozinho.</translation>
    </message>
    <message>
        <source>Sign-in page</source>
        <translation>Página de entrada</translation>
    </message>
    <message>
        <source>Token address</source>
        <translation>Endereço do token</translation>
    </message>
    <message>
        <source>App ID</source>
        <translation>ID do aplicativo</translation>
    </message>
    <message>
        <source>App secret</source>
        <translation>Segredo do aplicativo</translation>
    </message>
    <message>
        <source>Redirect address</source>
        <translation>Endereço de redirecionamento</translation>
    </message>
    <message>
        <source>Empty: back to SellerDesk on this computer</source>
        <translation>Vazio: de volta ao SellerDesk neste computador</translation>
    </message>
    <message>
        <source>Address or code from the browser</source>
        <translation>Endereço ou código do navegador</translation>
    </message>
    <message>
        <source>Paste the address your browser ended on</source>
        <translation>Cole o endereço em que seu navegador parou</translation>
    </message>
    <message>
        <source>Finish signing in</source>
        <translation>Concluir a entrada</translation>
    </message>
    <message>
        <source>Give the profile a name.</source>
        <translation>Dê um nome ao perfil.</translation>
    </message>
    <message>
        <source>That name is kept for the demo shop; choose another.</source>
        <translation>Esse nome é reservado para a loja de demonstração; escolha outro.</translation>
    </message>
    <message>
        <source>The service address starts with https:// (or http://).</source>
        <translation>O endereço do serviço começa com https:// (ou http://).</translation>
    </message>
    <message>
        <source>The sign-in page and the token address start with https:// (or http://).</source>
        <translation>A página de entrada e o endereço do token começam com https:// (ou http://).</translation>
    </message>
    <message>
        <source>Enter the app&apos;s ID and secret (from the marketplace&apos;s developer page).</source>
        <translation>Informe o ID e o segredo do aplicativo (da página de desenvolvedores do marketplace).</translation>
    </message>
    <message>
        <source>The redirect address starts with https:// (or http://).</source>
        <translation>O endereço de redirecionamento começa com https:// (ou http://).</translation>
    </message>
    <message>
        <source>Signing in is not possible here; paste an access token.</source>
        <translation>Não é possível entrar aqui; cole um token de acesso.</translation>
    </message>
    <message>
        <source>Paste the access token.</source>
        <translation>Cole o token de acesso.</translation>
    </message>
    <message>
        <source>Waiting for the sign-in…</source>
        <translation>Aguardando a entrada…</translation>
    </message>
    <message>
        <source>Paste the address your browser ended on, or the code.</source>
        <translation>Cole o endereço em que seu navegador parou, ou o código.</translation>
    </message>
    <message>
        <source>Finishing the sign-in…</source>
        <translation>Concluindo a entrada…</translation>
    </message>
    <message>
        <source>Sign-in address</source>
        <translation>Endereço de entrada</translation>
    </message>
    <message>
        <source>Copy address</source>
        <translation>Copiar endereço</translation>
    </message>
    <message>
        <source>Copy the sign-in address</source>
        <translation>Copiar o endereço de entrada</translation>
    </message>
    <message>
        <source>That is the demo shop&apos;s own server: it runs only while the demo shop is open, on an address that changes every time, so a shop connected to it would be offline at once. Enter your shop service&apos;s address, or use “Try the demo shop”.</source>
        <translation>Esse é o servidor da própria loja de demonstração: ele só funciona enquanto a loja de demonstração está aberta, num endereço que muda a cada vez, então uma loja conectada a ele ficaria sem conexão na hora. Digite o endereço do serviço da sua loja ou use “Experimentar a loja de demonstração”.</translation>
    </message>
    <message>
        <source>Opening the sign-in page…</source>
        <translation>Abrindo a página de entrada…</translation>
    </message>
    <message>
        <source>Allow SellerDesk on the page that opened in your browser; SellerDesk goes on by itself once you do. No page opened, or your browser is on another computer? Copy this address into it, allow SellerDesk, then paste below the address it ended on.</source>
        <translation>Autorize o SellerDesk na página que abriu no seu navegador; o SellerDesk continua sozinho assim que você autorizar. Nenhuma página abriu, ou seu navegador está em outro computador? Copie este endereço nele, autorize o SellerDesk e cole abaixo o endereço em que ele parou.</translation>
    </message>
    <message>
        <source>Allow SellerDesk on the page that opened in your browser, then paste below the address it ended on (or the code it shows). No page opened? Copy this address into a browser.</source>
        <translation>Autorize o SellerDesk na página que abriu no seu navegador e cole abaixo o endereço em que ele parou (ou o código que ele mostra). Nenhuma página abriu? Copie este endereço num navegador.</translation>
    </message>
    <message>
        <source>No browser could be opened here. Copy this address into a browser (on this computer or another), allow SellerDesk there, then paste below the address the browser ended on (or the code it shows).</source>
        <translation>Não foi possível abrir um navegador aqui. Copie este endereço num navegador (neste computador ou em outro), autorize o SellerDesk lá e cole abaixo o endereço em que o navegador parou (ou o código que ele mostra).</translation>
    </message>
    <message>
        <source>The sign-in address is copied.</source>
        <translation>O endereço de entrada foi copiado.</translation>
    </message>
    <message>
        <source>That holds no code of this sign-in. Paste the whole address your browser ended on after you allowed SellerDesk, or the code it shows.</source>
        <translation>Isso não contém nenhum código desta entrada. Cole o endereço completo em que seu navegador parou depois que você autorizou o SellerDesk, ou o código que ele mostra.</translation>
    </message>
</context>
<context>
    <name>Profiles</name>
    <message>
        <source>Your system has no secure password store; the token is kept only until you close SellerDesk.</source>
        <translation>Seu sistema não tem um cofre de senhas seguro; o token fica guardado só até você fechar o SellerDesk.</translation>
    </message>
    <message>
        <source>Your system&apos;s password store did not accept the token; it is kept only until you close SellerDesk.</source>
        <translation>O cofre de senhas do seu sistema não aceitou o token; ele fica guardado só até você fechar o SellerDesk.</translation>
    </message>
</context>
<context>
    <name>ProfilesDialog</name>
    <message>
        <source>Shops</source>
        <translation>Lojas</translation>
    </message>
    <message>
        <source>Your shops</source>
        <translation>Suas lojas</translation>
    </message>
    <message>
        <source>Each shop keeps its own data on this computer and its own access token in the system&apos;s password store.</source>
        <translation>Cada loja guarda os próprios dados neste computador e o próprio token de acesso no cofre de senhas do sistema.</translation>
    </message>
    <message>
        <source>Saved shops</source>
        <translation>Lojas salvas</translation>
    </message>
    <message>
        <source>Switch to this shop</source>
        <translation>Trocar para esta loja</translation>
    </message>
    <message>
        <source>Add a shop…</source>
        <translation>Adicionar uma loja…</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>Editar…</translation>
    </message>
    <message>
        <source>Change the address, shop number or token</source>
        <translation>Alterar o endereço, o número da loja ou o token</translation>
    </message>
    <message>
        <source>Remove…</source>
        <translation>Remover…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fechar</translation>
    </message>
    <message>
        <source>{address} · shop {number}</source>
        <translation>{address} · loja {number}</translation>
    </message>
    <message>
        <source>Demo shop</source>
        <translation>Loja de demonstração</translation>
    </message>
    <message>
        <source>Sample data, no account needed</source>
        <translation>Dados de exemplo, sem precisar de conta</translation>
    </message>
    <message>
        <source> — open in this window</source>
        <translation> — aberta nesta janela</translation>
    </message>
    <message>
        <source>Switch to another shop first</source>
        <translation>Primeiro troque para outra loja</translation>
    </message>
    <message>
        <source>Change what the shop service gave you; leave the token empty to keep the saved one.</source>
        <translation>Altere os dados que o serviço da loja forneceu; deixe o token vazio para manter o salvo.</translation>
    </message>
    <message>
        <source>Save and open</source>
        <translation>Salvar e abrir</translation>
    </message>
    <message>
        <source>Remove shop</source>
        <translation>Remover loja</translation>
    </message>
    <message>
        <source>Remove “{name}” from SellerDesk?</source>
        <translation>Remover “{name}” do SellerDesk?</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Remover</translation>
    </message>
    <message>
        <source>Its access token is deleted from the password store. Its data on this computer stays until you delete the data folder.</source>
        <translation>O token de acesso é apagado do cofre de senhas. Os dados neste computador ficam até você apagar a pasta de dados.</translation>
    </message>
    <message>
        <source>Removing {name}…</source>
        <translation>Removendo {name}…</translation>
    </message>
</context>
<context>
    <name>PublicationHeader</name>
    <message>
        <source>Out of stock</source>
        <translation>Sem estoque</translation>
    </message>
    <message numerus="yes">
        <source>%n in stock</source>
        <translation>
            <numerusform>%n em estoque</numerusform>
            <numerusform>%n em estoque</numerusform>
        </translation>
    </message>
    <message>
        <source>Open listing</source>
        <translation>Abrir anúncio</translation>
    </message>
    <message>
        <source>Open the listing in the browser</source>
        <translation>Abrir o anúncio no navegador</translation>
    </message>
    <message>
        <source>Question about your shop</source>
        <translation>Pergunta sobre sua loja</translation>
    </message>
    <message>
        <source>Asked by {buyer}</source>
        <translation>Pergunta de {buyer}</translation>
    </message>
    <message numerus="yes">
        <source>%n waiting for an answer</source>
        <translation>
            <numerusform>%n aguardando resposta</numerusform>
            <numerusform>%n aguardando resposta</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n in the outbox</source>
        <translation>
            <numerusform>%n na caixa de saída</numerusform>
            <numerusform>%n na caixa de saída</numerusform>
        </translation>
    </message>
    <message>
        <source>Every question answered</source>
        <translation>Todas as perguntas respondidas</translation>
    </message>
</context>
<context>
    <name>QuestionCard</name>
    <message>
        <source>Show the whole question</source>
        <translation>Ver a pergunta completa</translation>
    </message>
    <message>
        <source>Reply</source>
        <translation>Responder</translation>
    </message>
    <message>
        <source>Reply to this question</source>
        <translation>Responder a esta pergunta</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Excluir…</translation>
    </message>
    <message>
        <source>Delete this question</source>
        <translation>Excluir esta pergunta</translation>
    </message>
    <message>
        <source>Deleting…</source>
        <translation>Excluindo…</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Desfazer</translation>
    </message>
    <message>
        <source>Undo the delete</source>
        <translation>Desfazer a exclusão</translation>
    </message>
    <message>
        <source>Your answer</source>
        <translation>Sua resposta</translation>
    </message>
    <message>
        <source>Open the outbox</source>
        <translation>Abrir a caixa de saída</translation>
    </message>
    <message>
        <source>Buyer</source>
        <translation>Comprador</translation>
    </message>
    <message>
        <source>Question from {buyer}</source>
        <translation>Pergunta de {buyer}</translation>
    </message>
    <message>
        <source>This question changed on the shop before your answer arrived.</source>
        <translation>Esta pergunta mudou na loja antes de sua resposta chegar.</translation>
    </message>
    <message>
        <source>Open the outbox to compare both versions and choose one.</source>
        <translation>Abra a caixa de saída para comparar as duas versões e escolher uma.</translation>
    </message>
    <message>
        <source>Not sent: {reason}</source>
        <translation>Não enviada: {reason}</translation>
    </message>
    <message>
        <source>Waiting for the connection; it is sent by itself.</source>
        <translation>Aguardando a conexão; será enviada automaticamente.</translation>
    </message>
</context>
<context>
    <name>RecordCard</name>
    <message>
        <source>empty</source>
        <translation>vazio</translation>
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
        <translation>Respostas salvas</translation>
    </message>
    <message>
        <source>No saved replies yet</source>
        <translation>Ainda não há respostas salvas</translation>
    </message>
    <message>
        <source>Save current text as a reply…</source>
        <translation>Salvar o texto atual como resposta…</translation>
    </message>
    <message>
        <source>Remove a saved reply</source>
        <translation>Remover uma resposta salva</translation>
    </message>
    <message>
        <source>Save as a reply</source>
        <translation>Salvar como resposta</translation>
    </message>
    <message>
        <source>Name of the reply. In its text, {buyer} and {product} are replaced by the buyer&apos;s first name and the product.</source>
        <translation>Nome da resposta. No texto, {buyer} e {product} são substituídos pelo primeiro nome do comprador e pelo produto.</translation>
    </message>
</context>
<context>
    <name>SearchField</name>
    <message>
        <source>Clear the search</source>
        <translation>Limpar a busca</translation>
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
        <translation>Atualizar o envio</translation>
    </message>
    <message>
        <source>Shipping to update</source>
        <translation>Envio a atualizar</translation>
    </message>
    <message>
        <source>Shipping status</source>
        <translation>Status do envio</translation>
    </message>
    <message>
        <source>Carrier&apos;s tracking code</source>
        <translation>Código de rastreio da transportadora</translation>
    </message>
    <message>
        <source>Tracking code</source>
        <translation>Código de rastreio</translation>
    </message>
    <message>
        <source>Update shipping</source>
        <translation>Atualizar envio</translation>
    </message>
    <message>
        <source>Shipping</source>
        <translation>Envio</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Tracking</source>
        <translation>Rastreio</translation>
    </message>
    <message>
        <source>#{id} {method}</source>
        <translation>#{id} {method}</translation>
    </message>
    <message>
        <source>This order has no shipping to update.</source>
        <translation>Este pedido não tem envio para atualizar.</translation>
    </message>
</context>
<context>
    <name>ShopConnector</name>
    <message>
        <source>Syncing the shop record…</source>
        <translation>Sincronizando os dados da loja…</translation>
    </message>
    <message>
        <source>Syncing categories…</source>
        <translation>Sincronizando categorias…</translation>
    </message>
    <message>
        <source>Syncing tracking codes…</source>
        <translation>Sincronizando códigos de rastreamento…</translation>
    </message>
    <message>
        <source>Syncing questions…</source>
        <translation>Sincronizando perguntas…</translation>
    </message>
    <message>
        <source>Syncing conversations…</source>
        <translation>Sincronizando conversas…</translation>
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
        <translation>Ficha da loja</translation>
    </message>
    <message>
        <source>Categories</source>
        <translation>Categorias</translation>
    </message>
    <message>
        <source>Tracking codes</source>
        <translation>Códigos de rastreamento</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>Conversas</translation>
    </message>
    <message>
        <source>Questions</source>
        <translation>Perguntas</translation>
    </message>
    <message>
        <source>Orders</source>
        <translation>Pedidos</translation>
    </message>
    <message>
        <source>Shop record not synced</source>
        <translation>Ficha da loja não sincronizada</translation>
    </message>
    <message>
        <source>Categories not synced</source>
        <translation>Categorias não sincronizadas</translation>
    </message>
    <message>
        <source>Tracking codes not synced</source>
        <translation>Códigos de rastreamento não sincronizados</translation>
    </message>
    <message>
        <source>Questions not synced</source>
        <translation>Perguntas não sincronizadas</translation>
    </message>
    <message>
        <source>Orders not synced</source>
        <translation>Pedidos não sincronizados</translation>
    </message>
    <message>
        <source>Sample data, no account needed</source>
        <translation>Dados de exemplo, sem precisar de conta</translation>
    </message>
    <message>
        <source>Connect again…</source>
        <translation>Conectar de novo…</translation>
    </message>
    <message>
        <source>Syncing and sending are paused: {reason}</source>
        <translation>A sincronização e o envio estão pausados: {reason}</translation>
    </message>
    <message>
        <source>{shop}: syncing and sending are paused</source>
        <translation>{shop}: a sincronização e o envio estão pausados</translation>
    </message>
    <message numerus="yes">
        <source>%n unanswered question(s)</source>
        <translation>
            <numerusform>%n pergunta sem resposta</numerusform>
            <numerusform>%n perguntas sem resposta</numerusform>
        </translation>
    </message>
    <message>
        <source>Enter a new token…</source>
        <translation>Informar um novo token…</translation>
    </message>
    <message>
        <source>Syncing with the shop…</source>
        <translation>Sincronizando com a loja…</translation>
    </message>
    <message>
        <source>Already syncing; the outcome will show here.</source>
        <translation>Já está sincronizando; o resultado vai aparecer aqui.</translation>
    </message>
</context>
<context>
    <name>ShopPanel</name>
    <message>
        <source>Shop</source>
        <translation>Loja</translation>
    </message>
    <message>
        <source>The shop&apos;s logo</source>
        <translation>O logotipo da loja</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>Plano</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <source>Logo</source>
        <translation>Logotipo</translation>
    </message>
    <message>
        <source>Shop id</source>
        <translation>ID da loja</translation>
    </message>
    <message>
        <source>Online</source>
        <translation>Na internet</translation>
    </message>
    <message>
        <source>the shop&apos;s e-mail</source>
        <translation>o e-mail da loja</translation>
    </message>
    <message>
        <source>the shop</source>
        <translation>a loja</translation>
    </message>
    <message>
        <source>the shop&apos;s administration</source>
        <translation>o painel de administração da loja</translation>
    </message>
    <message>
        <source>E-mail</source>
        <translation>E-mail</translation>
    </message>
    <message>
        <source>Website</source>
        <translation>Site</translation>
    </message>
    <message>
        <source>Administration</source>
        <translation>Administração</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Endereço</translation>
    </message>
    <message>
        <source>Street</source>
        <translation>Rua</translation>
    </message>
    <message>
        <source>City</source>
        <translation>Cidade</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Postal code</source>
        <translation>CEP</translation>
    </message>
    <message>
        <source>Country</source>
        <translation>País</translation>
    </message>
    <message>
        <source>Phone</source>
        <translation>Telefone</translation>
    </message>
    <message>
        <source>Shop record</source>
        <translation>Ficha da loja</translation>
    </message>
    <message>
        <source>Shop details not loaded</source>
        <translation>Os dados da loja não foram carregados</translation>
    </message>
    <message>
        <source>Your shop&apos;s status, plan, contact details and address appear here.</source>
        <translation>O status, o plano, os dados de contato e o endereço da sua loja aparecem aqui.</translation>
    </message>
    <message>
        <source>Open the shop in the browser</source>
        <translation>Abrir a loja no navegador</translation>
    </message>
    <message>
        <source>Open the shop&apos;s administration</source>
        <translation>Abrir a administração da loja</translation>
    </message>
    <message>
        <source>Write to the shop&apos;s e-mail</source>
        <translation>Escrever para o e-mail da loja</translation>
    </message>
    <message>
        <source>Updating the shop record…</source>
        <translation>Atualizando os dados da loja…</translation>
    </message>
    <message>
        <source>The shop record could not be fetched</source>
        <translation>Não foi possível baixar os dados da loja</translation>
    </message>
    <message>
        <source>(no name)</source>
        <translation>(sem nome)</translation>
    </message>
    <message>
        <source>Shop {id}</source>
        <translation>Loja {id}</translation>
    </message>
    <message>
        <source>Has a logo</source>
        <translation>Tem logotipo</translation>
    </message>
    <message>
        <source>No logo</source>
        <translation>Sem logotipo</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>Ativa</translation>
    </message>
    <message>
        <source>Closed</source>
        <translation>Fechada</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Desconhecido</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Atalhos de teclado</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Ação</translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation>Atalho</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fechar</translation>
    </message>
</context>
<context>
    <name>SlowDownNote</name>
    <message>
        <source>The shop service limits how many requests SellerDesk may send. Everything waits until then and carries on by itself; changes you make are kept in the outbox.</source>
        <translation>O serviço da loja limita quantas solicitações o SellerDesk pode enviar. Tudo espera até lá e continua sozinho; as alterações que você fizer ficam na caixa de saída.</translation>
    </message>
</context>
<context>
    <name>StateChip</name>
    <message>
        <source>Queued</source>
        <translation>Na fila</translation>
    </message>
    <message>
        <source>Scheduled</source>
        <translation>Agendado</translation>
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
        <translation>Conflito</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Falhou</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>Ativo</translation>
    </message>
    <message>
        <source>Inactive</source>
        <translation>Inativo</translation>
    </message>
    <message>
        <source>Offline copy</source>
        <translation>Cópia offline</translation>
    </message>
</context>
<context>
    <name>StatusBar</name>
    <message>
        <source>Not connected</source>
        <translation>Não conectado</translation>
    </message>
    <message>
        <source>No shop profile is open. File → Profiles… connects one.</source>
        <translation>Nenhum perfil de loja está aberto. Arquivo → Perfis… conecta um.</translation>
    </message>
    <message>
        <source>Online</source>
        <translation>Conectado</translation>
    </message>
    <message>
        <source>Connected to the shop service.</source>
        <translation>Conectado ao serviço da loja.</translation>
    </message>
    <message>
        <source>Offline</source>
        <translation>Sem conexão</translation>
    </message>
    <message>
        <source>The shop service cannot be reached. You can keep working: changes wait in the outbox.</source>
        <translation>Não é possível acessar o serviço da loja. Você pode continuar trabalhando: as alterações aguardam na caixa de saída.</translation>
    </message>
    <message>
        <source>The shop service asked us to slow down — resuming at {time}</source>
        <translation>O serviço da loja pediu para ir mais devagar — retomando às {time}</translation>
    </message>
</context>
<context>
    <name>SuggestionButton</name>
    <message>
        <source>Use suggested answer {n}: {answer}</source>
        <translation>Usar a resposta sugerida {n}: {answer}</translation>
    </message>
    <message>
        <source>Your answer to: {question}. Shortcut {key}</source>
        <translation>Sua resposta para: {question}. Atalho {key}</translation>
    </message>
    <message>
        <source>Words in common: {words}</source>
        <translation>Palavras em comum: {words}</translation>
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
        <translation>Respostas sugeridas</translation>
    </message>
    <message>
        <source>Use suggested answer {n}</source>
        <translation>Usar a resposta sugerida {n}</translation>
    </message>
    <message>
        <source>No close match among your past answers.</source>
        <translation>Nenhuma das suas respostas anteriores é parecida o bastante.</translation>
    </message>
    <message>
        <source>Show suggested answers</source>
        <translation>Mostrar as respostas sugeridas</translation>
    </message>
    <message>
        <source>Hide suggested answers ({key})</source>
        <translation>Ocultar as respostas sugeridas ({key})</translation>
    </message>
    <message>
        <source>Show suggested answers ({key})</source>
        <translation>Mostrar as respostas sugeridas ({key})</translation>
    </message>
    <message>
        <source>Shown. {key} hides them.</source>
        <translation>Visíveis. {key} as oculta.</translation>
    </message>
    <message>
        <source>Hidden. {key} shows them.</source>
        <translation>Ocultas. {key} as mostra.</translation>
    </message>
    <message>
        <source>“{question}”: {reason}</source>
        <translation>“{question}”: {reason}</translation>
    </message>
    <message>
        <source>answers a different colour: {theirs}</source>
        <translation>responde sobre outra cor: {theirs}</translation>
    </message>
    <message>
        <source>answers a different size: {theirs}</source>
        <translation>responde sobre outro tamanho: {theirs}</translation>
    </message>
    <message>
        <source>answers a different model: {theirs}</source>
        <translation>responde sobre outro modelo: {theirs}</translation>
    </message>
    <message>
        <source>answers a different number: {theirs}</source>
        <translation>responde sobre outro número: {theirs}</translation>
    </message>
    <message>
        <source>answers about {theirs}, not {ours}</source>
        <translation>responde sobre {theirs}, não sobre {ours}</translation>
    </message>
    <message>
        <source>does not mention {ours}</source>
        <translation>não menciona {ours}</translation>
    </message>
</context>
<context>
    <name>SyncAge</name>
    <message>
        <source>Not synced yet</source>
        <translation>Ainda não sincronizado</translation>
    </message>
    <message>
        <source>Nothing has been fetched from the shop service yet.</source>
        <translation>Nada foi baixado do serviço da loja ainda.</translation>
    </message>
    <message>
        <source>Synced {when}</source>
        <translation>Sincronizado {when}</translation>
    </message>
    <message>
        <source>Last synced: {moment}</source>
        <translation>Última sincronização: {moment}</translation>
    </message>
    <message>
        <source>{part}: {moment} ({when})</source>
        <translation>{part}: {moment} ({when})</translation>
    </message>
    <message>
        <source>{part}: not synced yet</source>
        <translation>{part}: ainda não sincronizado</translation>
    </message>
</context>
<context>
    <name>SyncIssues</name>
    <message>
        <source>{first} (and {n} more)</source>
        <translation>{first} (e mais {n})</translation>
    </message>
</context>
<context>
    <name>SyncWords</name>
    <message>
        <source>no id</source>
        <translation>sem id</translation>
    </message>
    <message numerus="yes">
        <source>%n order(s) could not be read (ids {ids})</source>
        <translation>
            <numerusform>Não foi possível ler %n pedido (id {ids})</numerusform>
            <numerusform>Não foi possível ler %n pedidos (ids {ids})</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n conversation(s) could not be read (ids {ids})</source>
        <translation>
            <numerusform>Não foi possível ler %n conversa (id {ids})</numerusform>
            <numerusform>Não foi possível ler %n conversas (ids {ids})</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n question(s) could not be read (ids {ids})</source>
        <translation>
            <numerusform>Não foi possível ler %n pergunta (id {ids})</numerusform>
            <numerusform>Não foi possível ler %n perguntas (ids {ids})</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tracking code(s) could not be read (ids {ids})</source>
        <translation>
            <numerusform>Não foi possível ler %n código de rastreamento (id {ids})</numerusform>
            <numerusform>Não foi possível ler %n códigos de rastreamento (ids {ids})</numerusform>
        </translation>
    </message>
    <message>
        <source>{what}: {why}</source>
        <translation>{what}: {why}</translation>
    </message>
    <message>
        <source>Sync cancelled. What it had fetched is kept.</source>
        <translation>Sincronização cancelada. O que já tinha sido buscado fica guardado.</translation>
    </message>
    <message>
        <source>Not synced: the shop service cannot be reached.</source>
        <translation>Não sincronizado: não é possível conectar ao serviço da loja.</translation>
    </message>
    <message>
        <source>Not synced: {reason}</source>
        <translation>Não sincronizado: {reason}</translation>
    </message>
    <message>
        <source>Synced, except: {what}</source>
        <translation>Sincronizado, exceto: {what}</translation>
    </message>
    <message>
        <source>Synced: the local copy is up to date.</source>
        <translation>Sincronizado: a cópia local está em dia.</translation>
    </message>
    <message numerus="yes">
        <source> and %n without an id</source>
        <translation>
            <numerusform> e %n sem id</numerusform>
            <numerusform> e %n sem id</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n order(s) without an id could not be read</source>
        <translation>
            <numerusform>Não foi possível ler %n pedido sem id</numerusform>
            <numerusform>Não foi possível ler %n pedidos sem id</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n conversation(s) without an id could not be read</source>
        <translation>
            <numerusform>Não foi possível ler %n conversa sem id</numerusform>
            <numerusform>Não foi possível ler %n conversas sem id</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n question(s) without an id could not be read</source>
        <translation>
            <numerusform>Não foi possível ler %n pergunta sem id</numerusform>
            <numerusform>Não foi possível ler %n perguntas sem id</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tracking code(s) without an id could not be read</source>
        <translation>
            <numerusform>Não foi possível ler %n código de rastreamento sem id</numerusform>
            <numerusform>Não foi possível ler %n códigos de rastreamento sem id</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TaskProgress</name>
    <message>
        <source>Progress</source>
        <translation>Progresso</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Cancel the running task</source>
        <translation>Cancelar a tarefa em andamento</translation>
    </message>
    <message>
        <source>Working…</source>
        <translation>Processando…</translation>
    </message>
    <message>
        <source>+{n} more</source>
        <translation>+{n} mais</translation>
    </message>
</context>
<context>
    <name>TaskRunner</name>
    <message>
        <source>SellerDesk could not read or write its local data. Your work is safe; try again, or restart SellerDesk if this repeats.</source>
        <translation>O SellerDesk não conseguiu ler ou gravar os dados locais. Seu trabalho está seguro; tente de novo ou reinicie o SellerDesk se isso se repetir.</translation>
    </message>
    <message>
        <source>That took too long and was stopped. Please try again.</source>
        <translation>Demorou demais e foi interrompido. Tente novamente.</translation>
    </message>
    <message>
        <source>A file SellerDesk needs could not be read or written ({reason}).</source>
        <translation>Não foi possível ler ou gravar um arquivo de que o SellerDesk precisa ({reason}).</translation>
    </message>
    <message>
        <source>Something unexpected went wrong. The details were written to the log.</source>
        <translation>Ocorreu um erro inesperado. Os detalhes foram gravados no log.</translation>
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
        <translation>Loja</translation>
    </message>
    <message>
        <source>Marketplace</source>
        <translation>Marketplace</translation>
    </message>
    <message>
        <source>Unknown buyer</source>
        <translation>Comprador desconhecido</translation>
    </message>
    <message>
        <source>Question about your shop</source>
        <translation>Pergunta sobre sua loja</translation>
    </message>
    <message>
        <source>Waiting since: {when}</source>
        <translation>Esperando desde: {when}</translation>
    </message>
    <message>
        <source>Last question: {when}</source>
        <translation>Última pergunta: {when}</translation>
    </message>
    <message>
        <source>answer being sent</source>
        <translation>enviando a resposta</translation>
    </message>
    <message>
        <source>answer not sent</source>
        <translation>resposta não enviada</translation>
    </message>
    <message>
        <source>answer in conflict</source>
        <translation>resposta em conflito</translation>
    </message>
    <message>
        <source>answer queued</source>
        <translation>resposta na fila</translation>
    </message>
    <message numerus="yes">
        <source>%n unanswered</source>
        <translation>
            <numerusform>%n sem resposta</numerusform>
            <numerusform>%n sem resposta</numerusform>
        </translation>
    </message>
    <message>
        <source>answered</source>
        <translation>respondida</translation>
    </message>
    <message numerus="yes">
        <source>%n more asked the same</source>
        <translation>
            <numerusform>mais %n pessoa perguntou o mesmo</numerusform>
            <numerusform>mais %n pessoas perguntaram o mesmo</numerusform>
        </translation>
    </message>
    <message>
        <source>{state}, waiting too long</source>
        <translation>{state}, aguardando demais</translation>
    </message>
</context>
<context>
    <name>ThreadListPane</name>
    <message>
        <source>Search questions…</source>
        <translation>Buscar perguntas…</translation>
    </message>
    <message>
        <source>Search questions</source>
        <translation>Buscar perguntas</translation>
    </message>
    <message>
        <source>Status filter</source>
        <translation>Filtro de status</translation>
    </message>
    <message>
        <source>All statuses</source>
        <translation>Todos os status</translation>
    </message>
    <message>
        <source>Unanswered</source>
        <translation>Sem resposta</translation>
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
        <translation>Todos os canais</translation>
    </message>
    <message>
        <source>Shopfront</source>
        <translation>Loja</translation>
    </message>
    <message>
        <source>Marketplace</source>
        <translation>Marketplace</translation>
    </message>
    <message>
        <source>Sort order</source>
        <translation>Ordenação</translation>
    </message>
    <message>
        <source>Waiting longest first</source>
        <translation>Maior espera primeiro</translation>
    </message>
    <message>
        <source>Newest first</source>
        <translation>Mais recentes primeiro</translation>
    </message>
    <message>
        <source>Oldest first</source>
        <translation>Mais antigas primeiro</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>Conversas</translation>
    </message>
</context>
<context>
    <name>ThreadView</name>
    <message>
        <source>Pick a conversation</source>
        <translation>Escolha uma conversa</translation>
    </message>
    <message>
        <source>Its questions and your answers appear here. J and K move between conversations, N jumps to the next one waiting for an answer.</source>
        <translation>As perguntas e as suas respostas aparecem aqui. J e K alternam entre as conversas; N pula para a próxima que aguarda resposta.</translation>
    </message>
    <message>
        <source>Refreshing the conversation…</source>
        <translation>Atualizando a conversa…</translation>
    </message>
    <message>
        <source>Saving your answer…</source>
        <translation>Salvando sua resposta…</translation>
    </message>
    <message>
        <source>Delete this question?</source>
        <translation>Excluir esta pergunta?</translation>
    </message>
    <message>
        <source>The question from {buyer} will be removed from your shop.</source>
        <translation>A pergunta de {buyer} será removida da sua loja.</translation>
    </message>
    <message>
        <source>the buyer</source>
        <translation>o comprador</translation>
    </message>
    <message>
        <source>You can undo it for {n} seconds.</source>
        <translation>Você pode desfazer durante {n} segundos.</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Excluir</translation>
    </message>
    <message>
        <source>Deleting the question…</source>
        <translation>Excluindo a pergunta…</translation>
    </message>
    <message>
        <source>Undoing the delete…</source>
        <translation>Desfazendo a exclusão…</translation>
    </message>
    <message>
        <source>Too late to undo: the question had already been deleted.</source>
        <translation>Tarde demais para desfazer: a pergunta já tinha sido excluída.</translation>
    </message>
</context>
<context>
    <name>Thumbnail</name>
    <message>
        <source>Product picture</source>
        <translation>Foto do produto</translation>
    </message>
</context>
<context>
    <name>TrackingConfirmations</name>
    <message>
        <source>this tracking code</source>
        <translation>este código de rastreamento</translation>
    </message>
    <message>
        <source>“{name}” has not been created on the shop yet. Cancel it?</source>
        <translation>“{name}” ainda não foi criado na loja. Cancelar?</translation>
    </message>
    <message>
        <source>Cancel the new code</source>
        <translation>Cancelar o novo código</translation>
    </message>
    <message>
        <source>Cancel creating it</source>
        <translation>Cancelar a criação</translation>
    </message>
    <message>
        <source>Delete “{name}” from the shop?</source>
        <translation>Excluir “{name}” da loja?</translation>
    </message>
    <message>
        <source>Delete tracking code</source>
        <translation>Excluir código de rastreamento</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Excluir</translation>
    </message>
    <message>
        <source>The shop stops inserting this snippet. This cannot be undone once it has been sent.</source>
        <translation>A loja deixa de inserir este trecho de código. Depois de enviado, não é possível desfazer.</translation>
    </message>
</context>
<context>
    <name>TrackingEditor</name>
    <message>
        <source>New tracking code</source>
        <translation>Novo código de rastreamento</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Excluir…</translation>
    </message>
    <message>
        <source>Delete this tracking code</source>
        <translation>Excluir este código de rastreamento</translation>
    </message>
    <message>
        <source>Revert</source>
        <translation>Reverter</translation>
    </message>
    <message>
        <source>Undo the changes not saved</source>
        <translation>Desfazer as alterações não salvas</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Salvar</translation>
    </message>
    <message>
        <source>Save the tracking code</source>
        <translation>Salvar o código de rastreamento</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <source>e.g. Analytics for every page</source>
        <translation>ex.: Análise para todas as páginas</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Provedor</translation>
    </message>
    <message>
        <source>Inserted on (event)</source>
        <translation>Inserido em (evento)</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>HTML and script, shown as text: SellerDesk never renders or runs it.</source>
        <translation>HTML e scripts, exibidos como texto: o SellerDesk nunca os renderiza nem executa.</translation>
    </message>
    <message>
        <source>Problems to fix before saving</source>
        <translation>Problemas a corrigir antes de salvar</translation>
    </message>
    <message>
        <source>&amp;Name</source>
        <translation>&amp;Nome</translation>
    </message>
    <message>
        <source>&amp;Provider</source>
        <translation>&amp;Provedor</translation>
    </message>
    <message>
        <source>Inserted &amp;on</source>
        <translation>&amp;Inserido em</translation>
    </message>
    <message>
        <source>S&amp;tatus</source>
        <translation>&amp;Status</translation>
    </message>
    <message>
        <source>O&amp;ptions</source>
        <translation>&amp;Opções</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Código</translation>
    </message>
    <message>
        <source>Inactive codes are not inserted in the shop, and the shop&apos;s list leaves them out: after the next update it shows only active codes.</source>
        <translation>Códigos inativos não são inseridos na loja, e a lista da loja os deixa de fora: após a próxima atualização, ela mostra só os ativos.</translation>
    </message>
    <message>
        <source>This code waits to be deleted from the shop; it can no longer be edited.</source>
        <translation>Este código aguarda para ser excluído da loja; não pode mais ser editado.</translation>
    </message>
    <message>
        <source>This code waits to be created on the shop. You can change it once it has been sent.</source>
        <translation>Este código aguarda para ser criado na loja. Você poderá alterá-lo depois que for enviado.</translation>
    </message>
    <message>
        <source>This change clashes with the shop&apos;s version: open the Outbox (Ctrl+6) to choose which one to keep.</source>
        <translation>Esta alteração conflita com a versão da loja: abra a caixa de saída (Ctrl+6) para escolher qual manter.</translation>
    </message>
    <message>
        <source>The shop refused the last change: {reason}</source>
        <translation>A loja recusou a última alteração: {reason}</translation>
    </message>
</context>
<context>
    <name>TrackingFilters</name>
    <message>
        <source>Show codes inserted on</source>
        <translation>Mostrar códigos inseridos em</translation>
    </message>
    <message>
        <source>All events</source>
        <translation>Todos os eventos</translation>
    </message>
    <message>
        <source>Show codes of provider</source>
        <translation>Mostrar códigos do provedor</translation>
    </message>
    <message>
        <source>All providers</source>
        <translation>Todos os provedores</translation>
    </message>
    <message>
        <source>&amp;Inserted on</source>
        <translation>Inserido &amp;em</translation>
    </message>
    <message>
        <source>P&amp;rovider</source>
        <translation>Pro&amp;vedor</translation>
    </message>
</context>
<context>
    <name>TrackingListModel</name>
    <message>
        <source>Delete queued</source>
        <translation>Exclusão pendente</translation>
    </message>
    <message>
        <source>Deleting…</source>
        <translation>Excluindo…</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <source>Inserted on</source>
        <translation>Inserido em</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Provedor</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Changes</source>
        <translation>Alterações</translation>
    </message>
    <message>
        <source>Snippet</source>
        <translation>Trecho</translation>
    </message>
    <message>
        <source>(no name)</source>
        <translation>(sem nome)</translation>
    </message>
    <message>
        <source>No changes waiting</source>
        <translation>Nenhuma alteração pendente</translation>
    </message>
    <message>
        <source>Empty snippet</source>
        <translation>Trecho vazio</translation>
    </message>
</context>
<context>
    <name>TrackingListView</name>
    <message>
        <source>Tracking codes</source>
        <translation>Códigos de rastreamento</translation>
    </message>
    <message>
        <source>No tracking codes</source>
        <translation>Nenhum código de rastreamento</translation>
    </message>
    <message>
        <source>Analytics, ads and other snippets your shop inserts on its pages appear here. Ctrl+N adds one.</source>
        <translation>Os trechos de análise, anúncios e outros que a sua loja insere nas páginas aparecem aqui. Ctrl+N adiciona um.</translation>
    </message>
    <message>
        <source>No tracking code for these filters</source>
        <translation>Nenhum código corresponde a estes filtros</translation>
    </message>
    <message>
        <source>Choose “All events” and “All providers” to see every code.</source>
        <translation>Escolha “Todos os eventos” e “Todos os provedores” para ver todos os códigos.</translation>
    </message>
</context>
<context>
    <name>TrackingPanel</name>
    <message>
        <source>Tracking codes</source>
        <translation>Códigos de rastreamento</translation>
    </message>
    <message>
        <source>New code</source>
        <translation>Novo código</translation>
    </message>
    <message>
        <source>New tracking code</source>
        <translation>Novo código de rastreamento</translation>
    </message>
    <message>
        <source>Tracking code editor</source>
        <translation>Editor do código de rastreamento</translation>
    </message>
    <message>
        <source>Save the tracking code</source>
        <translation>Salvar o código de rastreamento</translation>
    </message>
    <message>
        <source>Delete the tracking code (in the list)</source>
        <translation>Excluir o código de rastreamento (na lista)</translation>
    </message>
    <message>
        <source>Revert unsaved changes</source>
        <translation>Reverter as alterações não salvas</translation>
    </message>
    <message>
        <source>Add an option</source>
        <translation>Adicionar uma opção</translation>
    </message>
    <message>
        <source>Filter by event</source>
        <translation>Filtrar por evento</translation>
    </message>
    <message>
        <source>Go to the list</source>
        <translation>Ir para a lista</translation>
    </message>
    <message>
        <source>Updating tracking codes…</source>
        <translation>Atualizando códigos de rastreamento…</translation>
    </message>
    <message>
        <source>Tracking codes could not be fetched</source>
        <translation>Não foi possível baixar os códigos de rastreamento</translation>
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
        <translation>Salvando o código de rastreamento…</translation>
    </message>
    <message>
        <source>Deleting the tracking code…</source>
        <translation>Excluindo o código de rastreamento…</translation>
    </message>
</context>
<context>
    <name>TrackingValidation</name>
    <message>
        <source>Give the tracking code a name.</source>
        <translation>Dê um nome ao código de rastreamento.</translation>
    </message>
    <message>
        <source>The name is {n} characters long; keep it under {max}.</source>
        <translation>O nome tem {n} caracteres; o máximo é {max}.</translation>
    </message>
    <message>
        <source>Paste the snippet&apos;s code: it cannot be empty.</source>
        <translation>Cole o código do trecho: ele não pode ficar vazio.</translation>
    </message>
    <message>
        <source>The code is {n} characters long; the most a snippet may have is {max}. Check that only the snippet was pasted.</source>
        <translation>O código tem {n} caracteres; um trecho pode ter no máximo {max}. Verifique se você colou só o trecho.</translation>
    </message>
    <message>
        <source>Option {n} has no name: give it one, or remove the row.</source>
        <translation>A opção {n} não tem nome: dê um nome a ela ou remova a linha.</translation>
    </message>
    <message>
        <source>The option “{key}” appears twice: each option needs its own name.</source>
        <translation>A opção “{key}” aparece duas vezes: cada opção precisa de um nome próprio.</translation>
    </message>
</context>
<context>
    <name>TrackingVocabulary</name>
    <message>
        <source>Web analytics</source>
        <translation>Análise da web</translation>
    </message>
    <message>
        <source>Advertising</source>
        <translation>Publicidade</translation>
    </message>
    <message>
        <source>Click maps</source>
        <translation>Mapas de cliques</translation>
    </message>
    <message>
        <source>Surveys</source>
        <translation>Pesquisas</translation>
    </message>
    <message>
        <source>Trust seal</source>
        <translation>Selo de confiança</translation>
    </message>
    <message>
        <source>Social media ads</source>
        <translation>Anúncios em redes</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>Outro</translation>
    </message>
    <message>
        <source>Every page</source>
        <translation>Todas as páginas</translation>
    </message>
    <message>
        <source>Add to cart</source>
        <translation>Adicionar ao carrinho</translation>
    </message>
    <message>
        <source>Contact page</source>
        <translation>Página de contato</translation>
    </message>
    <message>
        <source>Checkout</source>
        <translation>Início do checkout</translation>
    </message>
    <message>
        <source>Purchase completed</source>
        <translation>Compra concluída</translation>
    </message>
    <message>
        <source>Inserted on every page of the shop.</source>
        <translation>Inserido em todas as páginas da loja.</translation>
    </message>
    <message>
        <source>Inserted each time the user adds a product to the cart.</source>
        <translation>Inserido sempre que o usuário adiciona um produto ao carrinho.</translation>
    </message>
    <message>
        <source>Inserted on the contact page of the shop.</source>
        <translation>Inserido na página de contato da loja.</translation>
    </message>
    <message>
        <source>Inserted when the checkout process starts.</source>
        <translation>Inserido quando o checkout começa.</translation>
    </message>
    <message>
        <source>Inserted on the purchase completion page.</source>
        <translation>Inserido na página de compra concluída.</translation>
    </message>
    <message>
        <source>No provider</source>
        <translation>Sem provedor</translation>
    </message>
    <message>
        <source>No event</source>
        <translation>Sem evento</translation>
    </message>
    <message>
        <source>Inactive</source>
        <translation>Inativo</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>Ativo</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Desconhecido</translation>
    </message>
</context>
<context>
    <name>UndoBar</name>
    <message>
        <source>Undo</source>
        <translation>Desfazer</translation>
    </message>
    <message>
        <source>Undo the delete</source>
        <translation>Desfazer a exclusão</translation>
    </message>
    <message>
        <source>Question deleted — you can undo it for {n} s.</source>
        <translation>Pergunta excluída — você pode desfazer durante {n} s.</translation>
    </message>
</context>
<context>
    <name>Printing</name>
    <message>
        <source>Packing slips</source>
        <translation>Guias de remessa</translation>
    </message>
    <message>
        <source>Pick list</source>
        <translation>Lista de separação</translation>
    </message>
    <message>
        <source>Packing slip</source>
        <translation>Guia de remessa</translation>
    </message>
    <message>
        <source>continued</source>
        <translation>continuação</translation>
    </message>
    <message>
        <source>Order {id}</source>
        <translation>Pedido {id}</translation>
    </message>
    <message>
        <source>Date: {date}</source>
        <translation>Data: {date}</translation>
    </message>
    <message>
        <source>Ship to</source>
        <translation>Enviar para</translation>
    </message>
    <message>
        <source>Tracking code</source>
        <translation>Código de rastreamento</translation>
    </message>
    <message>
        <source>Quantity</source>
        <translation>Quantidade</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>Preço</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>Item</translation>
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
        <translation>Imprimir guias de remessa…</translation>
    </message>
    <message>
        <source>Print pick list…</source>
        <translation>Imprimir lista de separação…</translation>
    </message>
    <message>
        <source>Save packing slips as PDF…</source>
        <translation>Salvar guias de remessa como PDF…</translation>
    </message>
    <message>
        <source>Save pick list as PDF…</source>
        <translation>Salvar lista de separação como PDF…</translation>
    </message>
    <message>
        <source>Reading the orders to print…</source>
        <translation>Lendo os pedidos para imprimir…</translation>
    </message>
    <message>
        <source>No orders to print in this view.</source>
        <translation>Não há pedidos para imprimir nesta visualização.</translation>
    </message>
    <message>
        <source>packing-slips</source>
        <translation>guias-de-remessa</translation>
    </message>
    <message>
        <source>pick-list</source>
        <translation>lista-de-separacao</translation>
    </message>
    <message>
        <source>Save as PDF</source>
        <translation>Salvar como PDF</translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation>Arquivos PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Could not save {file}: {reason}</source>
        <translation>Não foi possível salvar {file}: {reason}</translation>
    </message>
    <message>
        <source>PDF saved: {file} (pages: {pages})</source>
        <translation>PDF salvo: {file} (páginas: {pages})</translation>
    </message>
    <message>
        <source>Sent to the printer (pages: {pages})</source>
        <translation>Enviado para a impressora (páginas: {pages})</translation>
    </message>
    <message>
        <source>Note on packing slips…</source>
        <translation>Nota nas guias de remessa…</translation>
    </message>
    <message>
        <source>Show prices on packing slips</source>
        <translation>Mostrar preços nas guias de remessa</translation>
    </message>
    <message>
        <source>Paper</source>
        <translation>Papel</translation>
    </message>
    <message>
        <source>By region</source>
        <translation>Conforme a região</translation>
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
        <translation>Nota nas guias de remessa</translation>
    </message>
    <message>
        <source>Printed at the foot of every packing slip:</source>
        <translation>Impressa no rodapé de cada guia de remessa:</translation>
    </message>
</context>
<context>
    <name>QuestionCard</name>
    <message>
        <source>{buyer}'s question about {product}: “{question}”</source>
        <translation>a pergunta de {buyer} sobre {product}: “{question}”</translation>
    </message>
    <message>
        <source>{buyer}'s question: “{question}”</source>
        <translation>a pergunta de {buyer}: “{question}”</translation>
    </message>
    <message>
        <source>Reply to {question}</source>
        <translation>Responder {question}</translation>
    </message>
    <message>
        <source>Delete {question}</source>
        <translation>Excluir {question}</translation>
    </message>
    <message>
        <source>Undo deleting {question}</source>
        <translation>Desfazer a exclusão de {question}</translation>
    </message>
    <message>
        <source>Show the whole of {question}</source>
        <translation>Ver inteira {question}</translation>
    </message>
</context>
<context>
    <name>ThreadListPane</name>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>Canal</translation>
    </message>
    <message>
        <source>Sort</source>
        <translation>Ordem</translation>
    </message>
</context>
<context>
    <name>BulkLinesModel</name>
    <message>
        <source>No tracking code</source>
        <translation>Sem código de rastreio</translation>
    </message>
    <message>
        <source>Not applied yet</source>
        <translation>Ainda não aplicado</translation>
    </message>
    <message>
        <source>No buyer name</source>
        <translation>Sem nome do comprador</translation>
    </message>
    <message>
        <source>Empty</source>
        <translation>Vazio</translation>
    </message>
</context>
<context>
    <name>OrderDetail</name>
    <message>
        <source>{caption}, payment {n}</source>
        <translation>{caption}, pagamento {n}</translation>
    </message>
</context>
<context>
    <name>FacetSidebar</name>
    <message>
        <source>Views:</source>
        <translation>Visualizações:</translation>
    </message>
</context>
</TS>
