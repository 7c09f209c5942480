// Lessons of The Triangle Game, in Italian: the words of each lesson of the game's kit
// (crates/triangle-game/src/lessons.rs), in the same order, a step for each step.
export default {
  lessons: [
    {
      id: 'placing',
      title: 'Il tavoliere e la posa',
      steps: [
        {
          text: 'Il tavoliere ha 42 vertici e tre territori: quello in alto è la casa del Blu scuro, quello in basso a destra del Verde, quello in basso a sinistra dell’Azzurro. Ogni turno comincia posando una pietra della tua riserva su un vertice vuoto qualsiasi. Giochi il Blu scuro: la tua riserva ha tre pietre verdi, tre azzurre e tre bianche, nessuna del tuo colore.',
          goal: 'Posa una pietra verde nel tuo territorio, quello in alto.',
          hint: 'Scegli il verde nella tua riserva sotto il tavoliere, poi un vertice vuoto qualsiasi nelle righe da 1 a 5.',
        },
        {
          text: 'I raccordi a5, e5 ed e9, dove si incontrano due territori, appartengono a entrambi. Ora giochi il Verde, che muove dopo il Blu scuro; la tua riserva ha pietre blu scuro, azzurre e bianche.',
          goal: 'Posa una pietra bianca su uno dei tre raccordi.',
          hint: 'I raccordi sono gli angoli in cui si toccano due territori colorati.',
        },
        {
          text: 'L’Azzurro, che muove per terzo, ha posato una pietra bianca in c5. Dopo la posa puoi far scorrere pietre o terminare subito il turno; poi posa il giocatore successivo.',
          goal: 'Termina il turno.',
          hint: 'Usa il pulsante «Fine turno».',
        },
      ],
    },
    {
      id: 'sliding',
      title: 'Far scorrere le pietre',
      steps: [
        {
          text: 'Dopo la posa hai uno scorrimento. Una pietra scorre da un vertice di un triangolo a un altro vertice dello stesso triangolo, lungo il suo lato, per quanto lungo sia. Non hai ancora pietre blu scuro sul tavoliere, quindi fai scorrere quelle bianche. La pietra in a1 è un vertice dell’intero tavoliere.',
          goal: 'Fai scorrere la pietra bianca da a1 fino alla riga più bassa.',
          hint: 'Segui uno dei lunghi lati esterni del tavoliere fino in fondo.',
        },
        {
          text: 'Uno scorrimento finisce su un vertice vuoto e non può oltrepassare una pietra che sta sul lato in mezzo. La pietra bianca in a7 sbarra la strada da a5 giù lungo il lato sinistro.',
          goal: 'Porta la pietra bianca di a5 nella riga più bassa.',
          hint: 'a5 è anche un vertice del grande buco al centro.',
        },
        {
          text: 'Appena c’è una pietra del tuo colore sul tavoliere, fai scorrere solo pietre del tuo colore: le bianche sono per chi non ha nessuna delle sue sul tavoliere. Il Verde ha posato una pietra blu scuro in e5.',
          goal: 'Porta una pietra in i9.',
          hint: 'La pietra bianca in a9 ora non può muoversi. Quale triangolo ha i vertici e5 e i9?',
        },
      ],
    },
    {
      id: 'scoring',
      title: 'Il punteggio',
      steps: [
        {
          text: 'Ogni tua pietra nel tuo territorio ti dà +1, ogni tua pietra su un vertice che appartiene solo al territorio di un altro giocatore −1. Poiché posi i colori degli altri giocatori, puoi mettere le loro pietre dove costano loro punti.',
          goal: 'Posa una pietra verde in modo che il punteggio del Verde scenda a −1.',
          hint: 'La casa del Verde è il territorio in basso a destra.',
        },
        {
          text: 'Una pietra sul raccordo tra i due territori che non sono la casa del suo proprietario non conta, e nemmeno le pietre bianche o quelle nelle riserve. Un raccordo della tua casa ne fa parte e conta +1 per te. Ora giochi il Verde.',
          goal: 'Posa una pietra blu scuro fuori dalla casa del Blu scuro, dove non gli costi nulla.',
          hint: 'La casa del Blu scuro è il territorio in alto: cerca il raccordo tra gli altri due.',
        },
        {
          text: 'Le tue pietre possono tornare a casa. Il Verde ha messo una pietra blu scuro in g7, nella sua casa, dove ti costa un punto. Hai già posato; ora fai scorrere.',
          goal: 'Aumenta il tuo punteggio con uno scorrimento.',
          hint: 'Il vertice più vicino della tua casa è un raccordo, oltre f6.',
        },
      ],
    },
    {
      id: 'power-triangles',
      title: 'I Triangoli del potere',
      steps: [
        {
          text: 'Un triangolo è un tuo Triangolo del potere quando ogni suo vertice ha una tua pietra o una bianca, almeno una tua, e sui lati tra i vertici non c’è alcuna pietra. Contano triangoli di ogni grandezza, anche i buchi. Ogni Triangolo del potere che hai quando posi ti dà uno scorrimento in più.',
          goal: 'Posa una pietra che ti formi un Triangolo del potere.',
          hint: 'La tua pietra in a3 e quella bianca in c3 sono due vertici di due triangoli.',
        },
        {
          text: 'Una pietra su un lato rovina un triangolo: la pietra verde in b3 sta sui lati di entrambi i triangoli con vertici a3 e c3. Un triangolo di sole pietre bianche non è di nessuno.',
          goal: 'Posa una pietra che ti formi un Triangolo del potere.',
          hint: 'Guarda il triangolo con vertici a3 e a5.',
        },
      ],
    },
    {
      id: 'extra-slides',
      title: 'Scorrimenti in più',
      steps: [
        {
          text: 'Uno scorrimento che crea un Triangolo del potere ti dà subito un altro scorrimento. Hai posato e hai uno scorrimento; la tua pietra in f7 è a due scorrimenti da casa.',
          goal: 'Porta la tua pietra nel tuo territorio in questo turno.',
          hint: 'Le pietre bianche in e8 e f8 sono due vertici di un piccolo triangolo.',
        },
        {
          text: 'Dopo la posa hai 1 scorrimento più 1 per ogni Triangolo del potere che possiedi, anche vecchio: a1-a2-b2 ti ha dato un secondo scorrimento in questo turno.',
          goal: 'Porta la pietra di g9 nel tuo territorio.',
          hint: 'Nessuno scorrimento da solo porta da g9 al territorio in alto, ma ne hai due.',
        },
      ],
    },
    {
      id: 'pickup',
      title: 'Raccogliere pietre',
      steps: [
        {
          text: 'Pallini colorati stanno in quattro buchi. Quando crei un Triangolo del potere attorno a un pallino, invece del suo scorrimento in più puoi prendere nella tua riserva una pietra bianca o una del colore del pallino da qualunque punto del tavoliere. La pietra verde in g9 dà punti al Verde.',
          goal: 'Togli dal tavoliere la pietra verde in g9.',
          hint: 'Il buco a3-c3-c5 ha il pallino verde.',
        },
        {
          text: 'Un pallino permette solo il suo colore, e il bianco: il grande buco centrale ha un pallino di ogni colore, il buco di ogni territorio uno solo. La pietra azzurra in b8 dà punti all’Azzurro.',
          goal: 'Raccogli la pietra azzurra.',
          hint: 'Quale buco ha il pallino azzurro?',
        },
        {
          text: 'Anche uno scorrimento che crea un Triangolo del potere attorno a un pallino permette una raccolta, subito: l’occasione svanisce con il tuo prossimo scorrimento o la fine del turno. Un triangolo più grande circonda i pallini al suo interno, perciò il territorio in alto circonda il pallino verde. Hai posato e hai uno scorrimento.',
          goal: 'Togli dal tavoliere la pietra verde in g9.',
          hint: 'Con pietre bianche in a5 ed e5, al territorio in alto manca solo il vertice superiore.',
        },
      ],
    },
    {
      id: 'once-a-turn',
      title: 'Una volta per turno',
      steps: [
        {
          text: 'Un Triangolo del potere dà il suo scorrimento in più, o la sua raccolta, al massimo una volta per turno, anche se viene rotto e riformato. a7-a9-c9 ti ha dato uno scorrimento quando hai posato; poi hai fatto scorrere la sua pietra da a7 ad a5, e resta uno scorrimento.',
          goal: 'Fai scorrere in modo da guadagnare uno scorrimento in più.',
          hint: 'Tornando in a7 la pietra riformerebbe a7-a9-c9, per niente. Le pietre bianche in c3 ed e5 aspettano un terzo vertice.',
        },
        {
          text: 'Togliere una pietra non crea mai un Triangolo del potere. La pietra bianca che hai posato in c5 ha formato a3-c3-c5 attorno al pallino verde, quindi puoi raccogliere una pietra verde o bianca. La pietra verde in a4 sta su un lato di a3-a5-c5.',
          goal: 'Fai di a3-a5-c5 un tuo Triangolo del potere.',
          hint: 'Togli la pietra che gli sta in mezzo: ora non dà uno scorrimento in più, ma conterà quando poserai il prossimo turno.',
        },
      ],
    },
    {
      id: 'the-end',
      title: 'La fine della partita',
      steps: [
        {
          text: 'Dopo ogni turno la partita finisce se un giocatore ha 2 punti o più; vince il punteggio più alto. La tua pietra in a5 ti dà 1 punto, quella in e9 niente.',
          goal: 'Vinci la partita in questo turno.',
          hint: 'Porta a casa la pietra di e9, poi termina il turno.',
        },
        {
          text: 'La partita finisce anche quando chi termina un turno ha la riserva vuota, e tu hai appena posato la tua ultima pietra. Tu e il Verde avete entrambi 0 punti: a pari punteggio più alto i giocatori condividono la vittoria.',
          goal: 'Vinci la partita da solo.',
          hint: 'Basta un punto. La tua pietra in e9 per ora non conta.',
        },
        {
          text: 'Hai 1 punto: a5 ed e5 danno +2, la pietra in g9, nella casa del Verde, −1. Un pallino del tuo colore ti permette di raccogliere anche una tua pietra, e toglierla può vincere la partita.',
          goal: 'Vinci la partita in questo turno.',
          hint: 'Il buco centrale a5-e5-e9 ha un pallino di ogni colore; gli manca un vertice.',
        },
      ],
    },
  ],
};
