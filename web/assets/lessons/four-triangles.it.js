// Lessons of Four Triangles, in Italian: the words of each lesson of the game's kit
// (crates/four-triangles/src/lessons.rs), in the same order, a step for each step.
export default {
  lessons: [
    {
      id: 'opening',
      title: 'Il tavoliere e il primo singolo',
      steps: [
        {
          text: 'Il tavoliere è formato da quattro triangoli separati: T in alto, L in basso a sinistra, R in basso a destra e C, capovolto, al centro. Ognuno ha 7 punti: i vertici X1–X3, i punti mediani X4–X6 a metà dei lati e il punto centrale X0. La partita comincia con un’azione permessa solo allora: il giocatore 1 posa un singolo, una figura di una pietra, su un punto qualsiasi.',
          goal: 'Posa il primo singolo su un punto centrale.',
          hint: 'I punti centrali finiscono con 0: T0, L0, R0 e C0.',
        },
        {
          text: 'I tre vertici del grande triangolo — T1 in alto, L2 in basso a sinistra e R3 in basso a destra — sono i grandi vertici. Nella versione completa dei passaggi li collegano a parti lontane del tavoliere.',
          goal: 'Posa il primo singolo su un grande vertice.',
          hint: 'Guarda le tre punte esterne del tavoliere.',
        },
        {
          text: 'Dove due triangoli esterni toccano C, tre vertici stanno insieme: una costellazione. A sinistra: T2, L1, C3; a destra: T3, R1, C2; in basso: L3, R2, C1. Sono punti distinti, mai adiacenti lungo una linea, ma nella versione completa dei passaggi collegano ciascuno alle altre costellazioni.',
          goal: 'Posa il primo singolo su un punto di una costellazione.',
          hint: 'Guarda dove i vertici di C toccano i triangoli esterni.',
        },
      ],
    },
    {
      id: 'bringing-in',
      title: 'Far entrare due singoli',
      steps: [
        {
          text: 'Dal secondo turno in poi, un turno è un’azione a tua scelta. Una è far entrare due nuovi singoli su due punti vuoti che non siano punti centrali né su C. Servono 2 pietre della scorta comune (11 pietre con 2 o 3 giocatori, 15 con 4) e 2 dei tuoi 9 segnalini: una figura è una pila di pietre sotto il segnalino del suo proprietario.',
          goal: 'Fai entrare due singoli, almeno uno accanto al singolo del giocatore 1 su T4.',
          hint: 'Sul lato T2 T4 T3, T4 ha due punti adiacenti; T0 è un punto centrale, vietato ai nuovi singoli.',
        },
        {
          text: 'Tieni il punto centrale T0. Il punto centrale di un triangolo con i suoi tre punti mediani vince la partita, quindi conviene prendere i punti mediani. I due nuovi singoli possono anche andare lontani tra loro.',
          goal: 'Fai entrare due singoli su punti mediani di T.',
          hint: 'I punti mediani di T sono T4, T5 e T6.',
        },
      ],
    },
    {
      id: 'singles',
      title: 'Muovere un singolo',
      steps: [
        {
          text: 'Un’altra azione è muovere una figura. Un singolo va su un punto adiacente: il punto successivo lungo una delle linee del suo triangolo, i tre lati e le tre mediane (ognuna va da un vertice, attraverso il punto centrale, a un punto mediano). I passaggi della versione completa aggiungono adiacenze; verranno più avanti.',
          goal: 'Muovi il tuo singolo da T4 al punto centrale T0.',
          hint: 'T4, T0 e T1 stanno su una stessa mediana.',
        },
        {
          text: 'Un punto mediano ha solo tre punti adiacenti: i due vertici del suo lato e il punto centrale. Due punti mediani non sono mai adiacenti: nessuna linea li unisce direttamente.',
          goal: 'Muovi il tuo singolo da T5 sul lato T1 T6 T2.',
          hint: 'Quali punti sono adiacenti a T5? Uno è un vertice di quel lato.',
        },
      ],
    },
    {
      id: 'capturing',
      title: 'Catturare',
      steps: [
        {
          text: 'Una figura che si ferma su un’altra figura la cattura: il segnalino della figura catturata torna al proprietario e le sue pietre si aggiungono alla pila di chi muove. Un singolo che cattura un singolo diventa un doppio.',
          goal: 'Cattura il singolo del giocatore 2 con il tuo.',
          hint: 'T2 è adiacente a T4 sul lato T2 T4 T3.',
        },
        {
          text: 'Si può catturare qualsiasi figura, anche la propria: così le figure crescono. Un doppio che cattura un singolo, o un singolo che cattura un doppio, diventa un triplo: 3 pietre, il massimo per una figura.',
          goal: 'Forma un triplo.',
          hint: 'Il tuo doppio su T2 e il tuo singolo su T4 sono adiacenti.',
        },
        {
          text: 'Quando una cattura fa più di 3 pietre, 3 tornano alla scorta. Un doppio che cattura un doppio fa 4 pietre: resta un singolo e la scorta riceve 3 pietre.',
          goal: 'Cattura il doppio del giocatore 2.',
          hint: 'T6 è accanto a T2 sul lato T2 T6 T1.',
        },
      ],
    },
    {
      id: 'doubles',
      title: 'Muovere un doppio',
      steps: [
        {
          text: 'Un doppio va su un punto adiacente, o lontano quanto vuole in linea retta. Si ferma su un punto vuoto a sua scelta o sulla prima figura che incontra, e la cattura; non scavalca mai una figura.',
          goal: 'Cattura con il tuo doppio il singolo del giocatore 2 su T1.',
          hint: 'T4, T0 e T1 stanno su una stessa mediana, e T0 è vuoto.',
        },
        {
          text: 'Ora il singolo del giocatore 2 su T0 blocca quella mediana: il tuo doppio su T4 potrebbe catturarlo, ma non superarlo per arrivare a T1. L’altro tuo doppio ha la strada libera.',
          goal: 'Cattura il singolo del giocatore 2 su T1.',
          hint: 'Guarda lungo il lato T2 T6 T1.',
        },
      ],
    },
    {
      id: 'triples',
      title: 'Muovere un triplo',
      steps: [
        {
          text: 'Un triplo va su un punto adiacente, o salta da un punto centrale al punto centrale di un altro triangolo o a un grande vertice. Un salto passa sopra qualsiasi cosa ed esiste in entrambe le versioni del gioco.',
          goal: 'Porta il tuo triplo sul punto centrale di C.',
          hint: 'Il tuo triplo è sul punto centrale T0.',
        },
        {
          text: 'Un salto cattura come ogni altra mossa. Un triplo che cattura un doppio fa 5 pietre: 3 tornano alla scorta e resta un doppio.',
          goal: 'Cattura il doppio del giocatore 2 sul grande vertice R3.',
          hint: 'Da T0 ogni grande vertice è a un salto.',
        },
      ],
    },
    {
      id: 'warps',
      title: 'I passaggi e la versione semplice',
      steps: [
        {
          text: 'La versione completa, quella predefinita, ha passaggi che creano altre adiacenze. Un punto di costellazione è adiacente ai sei punti delle altre due costellazioni e al grande vertice opposto alla sua costellazione. Il tavoliere segna i punti di passaggio con un anello.',
          goal: 'Porta il tuo singolo da T2 nel triangolo R.',
          hint: 'T2 è nella costellazione di sinistra: guarda quella di destra, quella in basso e il grande vertice opposto.',
        },
        {
          text: 'Un grande vertice è adiacente agli altri due grandi vertici e ai tre punti della costellazione opposta: T1 è opposto alla costellazione in basso, L2 a quella di destra, R3 a quella di sinistra.',
          goal: 'Cattura il singolo del giocatore 2 su L2.',
          hint: 'T1 e L2 sono entrambi grandi vertici.',
        },
        {
          text: 'Una linea retta che finisce in un grande vertice prosegue, nella stessa direzione, dal vertice di C della costellazione opposta: T1–C1, L2–C2, R3–C3, segnati ⇄ sul tavoliere. Così la mediana T4 T0 T1 continua come C1 C0 C4, un’unica linea retta per un doppio.',
          goal: 'Porta il tuo doppio da T4 a C0.',
          hint: 'Segui T4, T0, T1 e poi C1: tutti i punti lungo la strada sono vuoti.',
        },
        {
          text: 'La versione semplice non ha passaggi di nessun tipo: singoli e doppi non lasciano mai il loro triangolo. Solo i salti del triplo, che esistono in entrambe le versioni, portano da un triangolo all’altro.',
          goal: 'Porta una delle tue figure nel triangolo C.',
          hint: 'I tuoi singoli su T1 e T2 restano chiusi in T; il triplo su T0 no.',
        },
      ],
    },
    {
      id: 'splitting',
      title: 'Dividere',
      steps: [
        {
          text: 'Un doppio può dividersi in due singoli; un triplo in un doppio e un singolo, o in tre singoli. Le nuove figure vanno su punti vuoti che la figura avrebbe potuto raggiungere, e il suo punto resta vuoto. Ogni nuova figura oltre la prima richiede un tuo segnalino.',
          goal: 'Dividi il tuo doppio in modo che i tuoi singoli occupino T5 e T6.',
          hint: 'T5 e T6 sono entrambi adiacenti a T1.',
        },
        {
          text: 'Un triplo può dividersi in un doppio e un singolo. Le sue parti possono usare i salti del triplo. Nella notazione il punto del doppio è segnato con :2, come in T0/C0:2,R0; sul tavoliere clicca due volte il punto del doppio, per primo.',
          goal: 'Dividi il tuo triplo in un doppio e un singolo su due punti centrali vuoti.',
          hint: 'L0 è del giocatore 2; R0 e C0 sono vuoti e a un salto da T0.',
        },
        {
          text: 'Dividere un triplo in tre singoli richiede due segnalini e mette tre figure in un colpo solo. Qui vince: il punto centrale e i tre punti mediani di un triangolo.',
          goal: 'Vinci dividendo il tuo triplo.',
          hint: 'Tieni già T4; T0, T5 e T6 sono tutti adiacenti a T1.',
        },
      ],
    },
    {
      id: 'turning',
      title: 'Ruotare un triangolo',
      steps: [
        {
          text: 'Un’azione può ruotare un triangolo di 120°, con tutte le figure che ci sono sopra, di chiunque siano. RT+ ruota T in senso antiorario (vertice 1 verso 2, 2 verso 3, 3 verso 1), RT- in senso orario; il punto centrale resta dov’è. Una rotazione che lascerebbe il tavoliere com’era non è permessa.',
          goal: 'Porta il tuo singolo da T1 al vertice T3.',
          hint: 'T3 non è adiacente a T1. In che senso va ruotato T?',
        },
        {
          text: 'Il giocatore 2 ha appena ruotato il triangolo L. Se il turno appena prima era una rotazione, ora nessuno può ruotare un triangolo.',
          goal: 'Porta uno dei tuoi singoli su T3.',
          hint: 'Ora non si può ruotare T, ma T4 e T3 stanno su uno stesso lato.',
        },
        {
          text: 'Il tuo turno precedente è stato una rotazione di T, che ha portato il tuo singolo da T1 a T2. Un giocatore non può ruotare in due suoi turni di fila, anche se il turno appena prima non era una rotazione.',
          goal: 'Porta il tuo singolo su T3.',
          hint: 'T2 e T3 sono in due costellazioni diverse.',
        },
      ],
    },
    {
      id: 'winning',
      title: 'Vincere',
      steps: [
        {
          text: 'Dopo ogni turno vince il giocatore che occupa tutti e quattro i punti centrali: T0, L0, R0 e C0.',
          goal: 'Prendi il quarto punto centrale e vinci.',
          hint: 'Il tuo singolo su C2 è adiacente a C0.',
        },
        {
          text: 'Si vince anche occupando il punto centrale e i tre punti mediani di un triangolo. Vince qualsiasi azione che li completi, anche un’entrata.',
          goal: 'Completa il triangolo R e vinci.',
          hint: 'Manca il punto mediano R6.',
        },
        {
          text: 'Chi ha avuto figure sul tavoliere e non ne ha più è eliminato. Quando tutti gli altri sono eliminati, vince l’ultimo rimasto. Al giocatore 2 resta una figura.',
          goal: 'Cattura l’ultima figura del giocatore 2 e vinci.',
          hint: 'L3 è nella costellazione in basso, il tuo doppio su T2 in quella di sinistra.',
        },
      ],
    },
    {
      id: 'more-players',
      title: 'In tre e in quattro',
      steps: [
        {
          text: 'Si gioca da due a quattro; in quattro la scorta ha 15 pietre. Un giocatore eliminato viene saltato nell’ordine di gioco da quel momento, e gli altri continuano. Al giocatore 4 resta un singolo, su T0.',
          goal: 'Elimina il giocatore 4.',
          hint: 'Il tuo doppio su T2 è adiacente a T0.',
        },
        {
          text: 'Il giocatore 2 è eliminato, quindi dopo il giocatore 3 tocca di nuovo a te. Cattura l’ultima figura del giocatore 3 e resterai l’ultimo.',
          goal: 'Vinci restando l’ultimo giocatore.',
          hint: 'Il tuo triplo è sul grande vertice L2; R1 è nella costellazione di destra, opposta a L2.',
        },
      ],
    },
    {
      id: 'draws',
      title: 'Le patte',
      steps: [
        {
          text: 'La partita è patta quando una posizione si ripete per la terza volta: le stesse figure sugli stessi punti, lo stesso giocatore di turno, gli stessi divieti di rotazione e gli stessi giocatori eliminati. Qui i singoli di entrambi i giocatori sono andati avanti e indietro due volte.',
          goal: 'Ottieni la patta ripetendo la posizione per la terza volta.',
          hint: 'Riporta il tuo singolo da dove è venuto.',
        },
        {
          text: 'La partita è patta anche alla fine del 300º turno; conta ogni turno, anche la posa del primo singolo e i turni in cui si passa (chi non ha azioni valide passa). Una vittoria in quel turno batte la patta. Sono stati giocati 299 turni e al giocatore 1 resta una sola figura, il triplo su L0.',
          goal: 'Vinci al 300º turno.',
          hint: 'Il tuo singolo su L5 è adiacente a L0.',
        },
      ],
    },
  ],
};
